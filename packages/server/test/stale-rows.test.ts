import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartEntries, carts, siteUserSessions, siteUsers } from '../src/db/schema/index';
import { scheduledJobs } from '../src/services/jobs/scheduler-plugin';
import { deleteStaleRows } from '../src/services/jobs/stale-rows';
import { cartWith, checkout } from './gift-cards/gift-card-helpers';
import { type DemoProductRef, demoProduct } from './helpers/shop';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { sessionOf } from './restock-helpers';

describe.each(backends)('scheduled clean-up of stale rows on %s', (backend) => {
  let site: TestSite;
  let presets: DemoProductRef;
  const db = () => site.app.database.db;

  beforeAll(async () => {
    site = await createTestSite(backend);
    presets = await demoProduct(site, 'lightroom-presets');
  });
  afterAll(() => site.app.close());

  /** A visitor's cart with one line, through the API; answers its id. */
  async function newCart(): Promise<string> {
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const [row] = await db().select({ id: carts.id }).from(carts).where(eq(carts.token, cookies.CART));
    return row?.id as string;
  }

  /** Make a cart look untouched for `days` (and created a little before that). */
  async function age(cartId: string, days: number, changes: Partial<typeof carts.$inferInsert> = {}) {
    await db()
      .update(carts)
      .set({
        ...changes,
        updatedAt: sql`now() - make_interval(days => ${days})`,
        createdAt: sql`now() - make_interval(days => ${days + 5})`,
      })
      .where(eq(carts.id, cartId));
  }

  const remaining = async (ids: string[]) =>
    (await db().select({ id: carts.id }).from(carts).where(inArray(carts.id, ids))).map((r) => r.id).sort();

  it('deletes carts untouched for 30 days (180 for a customer), with their lines, and keeps the rest', async () => {
    const abandoned = await newCart();
    await age(abandoned, 31);
    const recent = await newCart();
    await age(recent, 29);
    const customerRecent = await newCart();
    await age(customerRecent, 31, { siteUserId: randomUUID() });
    const customerAbandoned = await newCart();
    await age(customerAbandoned, 181, { siteUserId: randomUUID() });
    const bought = await newCart();
    await age(bought, 400, { isPurchased: true });
    const orderAttached = await newCart();
    await age(orderAttached, 400, { orderId: randomUUID() });

    const result = await deleteStaleRows(db());
    expect(result.carts).toBeGreaterThanOrEqual(2);
    expect(
      await remaining([abandoned, recent, customerRecent, customerAbandoned, bought, orderAttached]),
    ).toEqual([recent, customerRecent, bought, orderAttached].sort());
    const lines = await db()
      .select({ id: cartEntries.id })
      .from(cartEntries)
      .where(inArray(cartEntries.cartId, [abandoned, customerAbandoned]));
    expect(lines).toEqual([]);
  });

  it('never deletes the cart an order was placed from, even if it looks unbought', async () => {
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    expect((await checkout(site, cookies)).statusCode).toBe(200);
    const [cart] = await db().select({ id: carts.id }).from(carts).where(eq(carts.token, cookies.CART));
    const cartId = cart?.id as string;
    // Only the order's purchased_cart_id still ties them together.
    await age(cartId, 400, { isPurchased: false, orderId: null });
    await deleteStaleRows(db());
    expect(await remaining([cartId])).toEqual([cartId]);
  });

  it('deletes expired sign-in sessions and keeps live ones', async () => {
    const live = await sessionOf(site, 'customer');
    const [customer] = await db()
      .select({ id: siteUsers.id })
      .from(siteUsers)
      .where(eq(siteUsers.websiteId, site.websiteId));
    const expiredHash = createHash('sha256').update(randomUUID()).digest('hex');
    await db()
      .insert(siteUserSessions)
      .values({
        tokenHash: expiredHash,
        websiteId: site.websiteId,
        siteUserId: customer?.id as string,
        xsrfToken: randomUUID(),
        expiresAt: sql`now() - interval '1 day'`,
      });
    const liveCount = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(siteUserSessions)
          .where(eq(siteUserSessions.websiteId, site.websiteId))
      )[0]?.n;
    const before = (await liveCount()) as number;

    const result = await deleteStaleRows(db());
    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(
      await db().select().from(siteUserSessions).where(eq(siteUserSessions.tokenHash, expiredHash)),
    ).toEqual([]);
    expect(await liveCount()).toBe(before - 1);
    const account = await site.request({
      method: 'GET',
      url: '/api/site-users/account',
      cookies: { siteUserSession: live },
    });
    expect(account.statusCode).toBe(200);
  });

  it('runs hourly through the scheduler', () => {
    expect(scheduledJobs.find((job) => job.name === 'stale-rows')?.everyMs).toBe(3_600_000);
  });
});
