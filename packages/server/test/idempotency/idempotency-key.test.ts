import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { emailOutbox, idempotencyKeys, orders, variants } from '../../src/db/schema/index';
import { scheduledJobs } from '../../src/services/jobs/scheduler-plugin';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import { ownerCookies, placedOrder } from '../orders/orders-helpers';

describe.each(backends)('Idempotency-Key on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    owner = await ownerCookies(site);
    await site.app.database.db
      .update(variants)
      .set({ qtyInStock: 500 })
      .where(and(eq(variants.websiteId, site.websiteId), like(variants.sku, 'TEE-%')));
  });
  afterAll(() => site.app.close());

  const db = () => site.app.database.db;
  const refund = (id: string, key: string | undefined, amountCents = 100) =>
    site.request({
      method: 'POST',
      url: `/api/commerce/orders/${id}/refund`,
      cookies: owner,
      headers: key ? { 'idempotency-key': key } : {},
      payload: { amountCents },
    });
  const refundedOf = async (id: string) =>
    (await db().select({ cents: orders.refundedCents }).from(orders).where(eq(orders.id, id)))[0]?.cents;
  const refundMails = async (orderNumber: number) =>
    (
      await db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'order-refunded')))
    ).filter((m) => m.textBody.includes(`#${orderNumber}`));
  const replayed = (res: LightMyRequestResponse) => res.headers['idempotent-replayed'] === 'true';

  /** A cart of one tee and the shipping option it needs, ready to check out. */
  async function teeCart(): Promise<{ cookies: Record<string, string>; body: Record<string, unknown> }> {
    const tee = await demoProduct(site, 'classic-tee');
    const added = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    const cookies = { CART: cartTokenFrom(added) as string };
    const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
    return {
      cookies,
      body: {
        email: 'buyer@example.com',
        shippingAddress,
        shippingOptionId: cart.shippingOptions[0].id,
        payment: { token: 'tok_visa' },
      },
    };
  }
  const checkout = (cart: { cookies: Record<string, string>; body: Record<string, unknown> }, key?: string) =>
    site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies: cart.cookies,
      headers: key ? { 'idempotency-key': key } : {},
      payload: cart.body,
    });

  it('a refund sent twice with one key runs once: the second answer is the first one replayed', async () => {
    const { id, order } = await placedOrder(site);
    const key = randomUUID();
    const first = await refund(id, key);
    expect(first.statusCode).toBe(200);
    expect(replayed(first)).toBe(false);
    const second = await refund(id, key);
    expect(second.statusCode).toBe(200);
    expect(replayed(second)).toBe(true);
    expect(second.json()).toEqual(first.json());
    expect(await refundedOf(id)).toBe(100);
    expect(await refundMails(order.orderNumber)).toHaveLength(1);
  });

  it('without a key, two refunds are two refunds', async () => {
    const { id, order } = await placedOrder(site);
    expect((await refund(id, undefined)).statusCode).toBe(200);
    expect((await refund(id, undefined)).statusCode).toBe(200);
    expect(await refundedOf(id)).toBe(200);
    expect(await refundMails(order.orderNumber)).toHaveLength(2);
  });

  it('the key with another body or another order answers 422 and runs nothing', async () => {
    const { id } = await placedOrder(site);
    const other = await placedOrder(site);
    const key = randomUUID();
    expect((await refund(id, key, 100)).statusCode).toBe(200);
    for (const res of [await refund(id, key, 250), await refund(other.id, key, 100)]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
      });
    }
    expect([await refundedOf(id), await refundedOf(other.id)]).toEqual([100, 0]);
  });

  it('refunds sent at once with one key: one runs, the others wait their turn or get its answer', async () => {
    const { id, order } = await placedOrder(site);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 6 }, () => refund(id, key)));
    for (const res of results) {
      if (res.statusCode === 409) {
        expect(res.json().error).toEqual({
          code: 'IDEMPOTENCY_KEY_IN_USE',
          message: 'A request with this Idempotency-Key is still being processed. Retry later.',
        });
        expect(res.headers['retry-after']).toBe('1');
      } else expect(res.statusCode).toBe(200);
    }
    expect(results.filter((r) => r.statusCode === 200 && !replayed(r))).toHaveLength(1);
    expect(await refundedOf(id)).toBe(100);
    expect(await refundMails(order.orderNumber)).toHaveLength(1);
    // Once it answered, a retry gets that answer.
    const later = await refund(id, key);
    expect([later.statusCode, replayed(later)]).toEqual([200, true]);
  });

  it('a retried checkout with its key gets its order back (same id and token), after the cart was bought', async () => {
    const cart = await teeCart();
    const key = randomUUID();
    const first = await checkout(cart, key);
    expect(first.statusCode).toBe(200);
    const again = await checkout(cart, key);
    expect(again.statusCode).toBe(200);
    expect(replayed(again)).toBe(true);
    expect(again.json().order.id).toBe(first.json().order.id);
    expect(again.json().accessToken).toBe(first.json().accessToken);
    // Without the key the purchased cart is simply empty now.
    expect((await checkout(cart)).json().error.message).toBe('You have nothing in your shopping cart.');
    const placed = await db()
      .select()
      .from(orders)
      .where(eq(orders.purchasedCartId, first.json().order.purchasedCartId));
    expect(placed).toHaveLength(1);
  });

  it('checkouts of one cart sent at once with one key make one order', async () => {
    const cart = await teeCart();
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 5 }, () => checkout(cart, key)));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    expect(new Set(ok.map((r) => r.json().order.id)).size).toBe(1);
    expect(ok.filter((r) => !replayed(r))).toHaveLength(1);
  });

  it('a key is the caller’s own: another cart with the same key places its own order', async () => {
    const key = randomUUID();
    const mine = await checkout(await teeCart(), key);
    const theirs = await checkout(await teeCart(), key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(replayed(theirs)).toBe(false);
    expect(theirs.json().order.id).not.toBe(mine.json().order.id);
    expect(theirs.json().accessToken).not.toBe(mine.json().accessToken);
  });

  it('another server process on the same database replays the answer', async () => {
    const { id } = await placedOrder(site);
    const key = randomUUID();
    expect((await refund(id, key)).statusCode).toBe(200);
    const second = await buildApp({
      database: site.app.database,
      logger: false,
      config: { ...site.app.config },
    });
    try {
      const res = await second.inject({
        method: 'POST',
        url: `/api/commerce/orders/${id}/refund`,
        headers: {
          host: site.host,
          'x-csrf-token': site.crumb,
          'idempotency-key': key,
          cookie: `crumb=${site.crumb}; siteUserSession=${owner.siteUserSession}`,
        },
        payload: { amountCents: 100 },
      });
      expect([res.statusCode, res.headers['idempotent-replayed']]).toEqual([200, 'true']);
    } finally {
      await second.close();
    }
    expect(await refundedOf(id)).toBe(100);
  });

  it('a key is kept for 24 hours: after that it runs again, and the clean-up removes it', async () => {
    const { id } = await placedOrder(site);
    const key = randomUUID();
    expect((await refund(id, key)).statusCode).toBe(200);
    const dayAgo = sql`now() - interval '25 hours'`;
    await db().update(idempotencyKeys).set({ createdAt: dayAgo }).where(eq(idempotencyKeys.key, key));
    const again = await refund(id, key);
    expect([again.statusCode, replayed(again)]).toEqual([200, false]);
    expect(await refundedOf(id)).toBe(200);

    await db().update(idempotencyKeys).set({ createdAt: dayAgo }).where(eq(idempotencyKeys.key, key));
    const cleanUp = scheduledJobs.find((j) => j.name === 'idempotency-keys');
    expect(await cleanUp?.run(db())).toMatchObject({ deleted: expect.any(Number) });
    expect(await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const { id } = await placedOrder(site);
    for (const key of ['with space', 'x'.repeat(256)]) {
      const res = await refund(id, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(await refundedOf(id)).toBe(0);
  });
});
