import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { cartRecovery, orders } from '../../src/db/schema/index';
import { restoreToken } from '../../src/services/cart-recovery/links';
import { sendDueCartReminders } from '../../src/services/cart-recovery/reminders';
import { emptyDatabase } from '../helpers/empty-database';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import {
  abandonedCart,
  checkoutCart,
  leftHoursAgo,
  linksOf,
  pathOf,
  remindersTo,
} from './cart-recovery-helpers';

// Only the test's own calls send reminders (no timer of these apps runs meanwhile).
process.env.CART_REMINDERS_EVERY_MS = '0';

describe.each(backends)('abandoned-cart reminders on %s', { timeout: 90_000 }, (backend) => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let site: TestSite;
  let other: TestSite;
  let owner: Record<string, string>;
  /** A second process's connection to the same database (PGlite: the one it has). */
  let second: DatabaseHandle | null = null;
  const db = () => site.app.database.db;
  const db2 = () => second?.db ?? db();

  const settings = (payload: Record<string, unknown>, cookies = owner, on = site) =>
    on.request({ method: 'PUT', url: '/api/commerce/abandoned-carts/settings', cookies, payload });
  const list = async (on = site, cookies = owner) => {
    const res = await on.request({ method: 'GET', url: '/api/commerce/abandoned-carts', cookies });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    // A database of its own: other files' apps share the test database and would send its reminders.
    database = await emptyDatabase(backend);
    site = await createTestSite(backend, { database: database.database });
    other = await createTestSite(backend, { database: database.database });
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    if (backend === 'postgres') second = await openDatabase({ databaseUrl: database.env.DATABASE_URL });
  }, 120_000);
  afterAll(async () => {
    await site?.app.close();
    await other?.app.close();
    await second?.close();
    await database?.drop();
  });

  it('is off by default, checks its settings, and keeps owner routes to the owner', async () => {
    const read = await site.request({
      method: 'GET',
      url: '/api/commerce/abandoned-carts/settings',
      cookies: owner,
    });
    expect(read.json()).toMatchObject({ enabled: false, delaysMinutes: [60] });
    // Off: the e-mail typed at checkout is not kept.
    const cart = await abandonedCart(site, 'off@example.com', { record: false });
    const typed = await site.request({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/email',
      cookies: { CART: cart.token },
      payload: { email: 'off@example.com' },
    });
    expect(typed.json()).toEqual({ recorded: false });

    for (const bad of [
      { delaysMinutes: [] },
      { delaysMinutes: [60, 30] },
      { delaysMinutes: [60, 120, 180, 240] },
      { delaysMinutes: [-1] },
      { delaysMinutes: [60 * 24 * 31] },
      { subject: '' },
      { enabled: 'yes' },
    ])
      expect((await settings(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    const badEmail = await site.request({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/email',
      cookies: { CART: cart.token },
      payload: { email: 'not an address' },
    });
    expect(badEmail.statusCode).toBe(400);

    expect((await site.request({ method: 'GET', url: '/api/commerce/abandoned-carts' })).statusCode).toBe(
      401,
    );
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await settings({ enabled: true }, customer)).statusCode).toBe(403);
    expect(
      (await site.request({ method: 'GET', url: '/api/commerce/abandoned-carts', cookies: customer }))
        .statusCode,
    ).toBe(403);

    const saved = await settings({ enabled: true, delaysMinutes: [60, 1440] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ enabled: true, delaysMinutes: [60, 1440] });
  });

  it('sends each reminder once across two processes, listing the cart with its links', async () => {
    const email = 'twice@example.com';
    const { cartId } = await abandonedCart(site, email);
    // Not yet due: 30 minutes.
    await leftHoursAgo(db(), cartId, 0.5);
    await sendDueCartReminders(db());
    expect(await remindersTo(site, email)).toHaveLength(0);

    await leftHoursAgo(db(), cartId, 1);
    await Promise.all([sendDueCartReminders(db()), sendDueCartReminders(db2()), sendDueCartReminders(db())]);
    await sendDueCartReminders(db2());
    const first = await remindersTo(site, email);
    expect(first).toHaveLength(1);
    const mail = first[0];
    expect(mail?.subject).toBe('You left something in your cart');
    expect(mail?.textBody).toContain('Classic Tee');
    expect(mail?.textBody).toMatch(/× 2 = /);
    expect(mail?.htmlBody).toContain('Classic Tee');
    const links = linksOf(mail?.textBody ?? '');
    expect(mail?.secrets).toEqual(expect.arrayContaining([links.restore, links.unsubscribe]));
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The second one a day later, once; there is no third.
    await leftHoursAgo(db(), cartId, 24);
    await Promise.all([sendDueCartReminders(db()), sendDueCartReminders(db2())]);
    await leftHoursAgo(db(), cartId, 48);
    await sendDueCartReminders(db());
    expect(await remindersTo(site, email)).toHaveLength(2);
    const [row] = await db().select().from(cartRecovery).where(eq(cartRecovery.cartId, cartId));
    expect(row?.remindersSent).toBe(2);
  });

  it('stops at once when the cart is bought, emptied, unsubscribed, or the e-mail orders', async () => {
    const bought = await abandonedCart(site, 'bought@example.com');
    await checkoutCart(site, bought.token, 'bought@example.com');
    const emptied = await abandonedCart(site, 'emptied@example.com');
    const cart = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: emptied.token },
    });
    const entryId = cart.json().entries[0].id;
    const removed = await site.request({
      method: 'DELETE',
      url: `/api/commerce/shopping-cart/entries/${entryId}`,
      cookies: { CART: emptied.token },
    });
    expect(removed.statusCode).toBe(200);
    // Ordered with another cart: this one is not chased.
    const elsewhere = await abandonedCart(site, 'Elsewhere@Example.com');
    const second = await abandonedCart(site, 'x@example.com', { record: false });
    await checkoutCart(site, second.token, 'elsewhere@example.com');

    // Unsubscribed after its first reminder: no second one.
    const leaving = await abandonedCart(site, 'leaving@example.com');
    for (const c of [bought, emptied, elsewhere, leaving]) await leftHoursAgo(db(), c.cartId, 2);
    await sendDueCartReminders(db());
    for (const to of ['bought@example.com', 'emptied@example.com', 'Elsewhere@Example.com'])
      expect(await remindersTo(site, to), to).toHaveLength(0);
    const [first] = await remindersTo(site, 'leaving@example.com');
    const { unsubscribe } = linksOf(first?.textBody ?? '');
    const page = await site.request({ method: 'GET', url: pathOf(unsubscribe) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('no more cart reminders');
    // The mail program's one-click POST (no crumb) answers the same.
    const oneClick = await site.request({
      method: 'POST',
      url: pathOf(unsubscribe),
      crumb: false,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    await leftHoursAgo(db(), leaving.cartId, 30);
    await sendDueCartReminders(db());
    expect(await remindersTo(site, 'leaving@example.com')).toHaveLength(1);
    // Typed again at another checkout: not kept.
    const again = await abandonedCart(site, 'LEAVING@example.com', { record: false });
    const typed = await site.request({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/email',
      cookies: { CART: again.token },
      payload: { email: 'LEAVING@example.com' },
    });
    expect(typed.json()).toEqual({ recorded: false });

    const forged = `${pathOf(unsubscribe).slice(0, -3)}AAA`;
    expect((await site.request({ method: 'GET', url: forged })).statusCode).toBe(400);
  });

  it('restores the cart from its signed link in another browser; tampered, expired or foreign links get a page', async () => {
    const email = 'restore@example.com';
    const { cartId, token } = await abandonedCart(site, email);
    await leftHoursAgo(db(), cartId, 2);
    await sendDueCartReminders(db());
    const [mail] = await remindersTo(site, email);
    const { restore } = linksOf(mail?.textBody ?? '');

    // A fresh browser: no cookies at all.
    const opened = await site.request({ method: 'GET', url: pathOf(restore), crumb: false });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/cart');
    const cookie = opened.cookies.find((c) => c.name === 'CART');
    expect(cookie?.value).toBe(token);
    const cart = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { CART: cookie?.value ?? '' },
    });
    expect(cart.json().id).toBe(cartId);
    expect(cart.json().entries).toHaveLength(1);

    const path = pathOf(restore);
    const tampered = path.replace(/\.(\d+)\./, (_, n: string) => `.${Number(n) + 1}.`);
    for (const bad of [tampered, `${path}x`, '/commerce/cart-recovery/restore/nonsense']) {
      const res = await site.request({ method: 'GET', url: bad, crumb: false });
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('not valid');
      expect(res.cookies.find((c) => c.name === 'CART')).toBeUndefined();
    }
    const old = await restoreToken(db(), cartId, new Date(Date.now() - 15 * 24 * 3600_000));
    const expired = await site.request({ method: 'GET', url: `/commerce/cart-recovery/restore/${old}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('expired');
    // Another site's host: not its cart.
    expect((await other.request({ method: 'GET', url: path, crumb: false })).statusCode).toBe(400);
  });

  it('counts a restored cart’s order once as recovered revenue, on its own site only', async () => {
    const email = 'recovered@example.com';
    const { cartId } = await abandonedCart(site, email);
    await leftHoursAgo(db(), cartId, 2);
    await sendDueCartReminders(db());
    const [mail] = await remindersTo(site, email);
    const opened = await site.request({ method: 'GET', url: pathOf(linksOf(mail?.textBody ?? '').restore) });
    const restored = opened.cookies.find((c) => c.name === 'CART')?.value ?? '';
    await abandonedCart(site, 'waiting@example.com');
    const before = await list();
    const order = await checkoutCart(site, restored, email);
    const [placed] = await db().select().from(orders).where(eq(orders.id, order.id));
    const after = await list();
    expect(after.totals.recovered).toBe(before.totals.recovered + 1);
    expect(after.totals.recoveredCents).toBe(before.totals.recoveredCents + (placed?.grandTotalCents ?? -1));
    const row = after.carts.find((c: { id: string }) => c.id === cartId);
    expect(row).toMatchObject({ state: 'recovered', email: 'r•••d@example.com', remindersSent: 1 });
    // Another order by the same buyer is no second recovery.
    const more = await abandonedCart(site, 'y@example.com', { record: false });
    await checkoutCart(site, more.token, email);
    expect((await list()).totals).toEqual(after.totals);
    // Stopped and reminded carts show as such; the e-mail is never shown whole.
    const states = new Set(after.carts.map((c: { state: string }) => c.state));
    expect(states).toEqual(new Set(['recovered', 'stopped', 'reminded', 'waiting']));
    expect(JSON.stringify(after)).not.toContain('recovered@example.com');

    // The other site's owner sees none of it.
    const otherOwner = { siteUserSession: await sessionOf(other, 'owner') };
    const theirs = await list(other, otherOwner);
    expect(theirs.carts).toEqual([]);
    expect(theirs.totals).toEqual({ carts: 0, reminded: 0, recovered: 0, recoveredCents: 0 });
  });
});
