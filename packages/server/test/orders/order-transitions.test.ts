import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCardRedemptions, giftCards, orders, variants } from '../../src/db/schema/index';
import { createTestPaymentProvider } from '../../src/services/payments/test-payment-provider';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, demoProduct } from '../helpers/shop';
import { sessionOf } from '../restock-helpers';
import { buyTee, orderAction, outbox, ownerCookies, placedOrder, stockOf } from './orders-helpers';

describe.each(backends)('order lifecycle on %s', (backend) => {
  let site: TestSite;
  let owner: Record<string, string>;
  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await ownerCookies(site);
    // Enough tees for every test here (the demo seeds only a few of each).
    await site.app.database.db
      .update(variants)
      .set({ qtyInStock: 500 })
      .where(and(eq(variants.websiteId, site.websiteId), like(variants.sku, 'TEE-%')));
  });
  afterAll(() => site.app.close());

  it('a captured charge makes the order PAID at once, with placed and paid events and both mails', async () => {
    const { id, order } = await placedOrder(site, { email: 'ada@example.com', quantity: 2 });
    expect(order.status).toBe('PAID');
    const read = (
      await site.request({ method: 'GET', url: `/api/commerce/orders/${id}`, cookies: owner })
    ).json();
    expect(read.order.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid']);
    expect(read.order.paidAt).toEqual(expect.any(Number));
    const mail = (await outbox(site)).filter((m) => m.textBody.includes(`#${order.orderNumber}`));
    const receipt = mail.find((m) => m.kind === 'order-receipt');
    expect(receipt?.toAddress).toBe('ada@example.com');
    expect(receipt?.textBody).toContain('Classic Tee');
    expect(receipt?.textBody).toContain('× 2 @ $28.00 = $56.00');
    expect(receipt?.textBody).toContain('Subtotal: $56.00');
    expect(receipt?.textBody).toContain(`Total: $${(order.grandTotalCents / 100).toFixed(2)}`);
    expect(receipt?.textBody).toContain('1 Analytical Way');
    expect(receipt?.textBody).toContain(`/commerce/orders/${id}?token=`);
    const notice = mail.find((m) => m.kind === 'order-notice');
    expect(notice?.toAddress).toBe('owner@juniper-oak.test');
    expect(notice?.textBody).toContain(`/config/commerce/orders/${id}`);
  });

  it('fulfills a paid order with its tracking number and queues the shipping mail', async () => {
    const { id } = await placedOrder(site);
    const res = await orderAction(site, owner, id, 'fulfill', { trackingNumber: '1Z999', carrier: 'UPS' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'FULFILLED',
      trackingNumber: '1Z999',
      trackingCarrier: 'UPS',
    });
    expect(res.json().order.events.at(-1)).toMatchObject({
      kind: 'fulfilled',
      detail: { trackingNumber: '1Z999' },
    });
    const shipped = (await outbox(site)).filter((m) => m.kind === 'order-shipped');
    expect(shipped.at(-1)?.textBody).toContain('Tracking number: 1Z999 (UPS)');
  });

  it('refuses to fulfill an order that ships without its tracking number', async () => {
    const { id } = await placedOrder(site);
    const missing = await orderAction(site, owner, id, 'fulfill', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ trackingNumber: 'Enter a tracking number.' });
    const blank = await orderAction(site, owner, id, 'fulfill', { trackingNumber: '   ' });
    expect(blank.statusCode).toBe(400);
  });

  it('fulfills an order that does not ship without a tracking number, and says it is complete', async () => {
    const consult = await demoProduct(site, 'design-consultation');
    const added = await addToCart(site, { itemId: consult.id, sku: 'SVC-CONSULT', quantity: 1 });
    const cookies = { CART: present(cartTokenFrom(added), 'cart token') };
    const placed = await site.request({
      method: 'POST',
      url: '/api/commerce/checkout',
      cookies,
      payload: { email: 'client@example.com', payment: { token: 'tok_visa' } },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().order.id;
    const res = await orderAction(site, owner, id, 'fulfill', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'FULFILLED', trackingNumber: null });
    const done = (await outbox(site)).filter((m) => m.kind === 'order-shipped').at(-1);
    expect(done?.toAddress).toBe('client@example.com');
    expect(done?.subject).toMatch(/is complete$/);
    expect(done?.textBody).not.toContain('Tracking number');
  });

  it.each([
    ['capture', 'PAID', undefined],
    ['cancel', 'FULFILLED', undefined],
    ['fulfill', 'FULFILLED', { trackingNumber: 'X1' }],
  ] as const)('refuses to %s a %s order with 409 and changes nothing', async (action, state, body) => {
    const { id } = await placedOrder(site);
    if (state === 'FULFILLED') await orderAction(site, owner, id, 'fulfill', { trackingNumber: 'T-1' });
    const mailBefore = (await outbox(site)).length;
    const res = await orderAction(site, owner, id, action, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ORDER_STATE_CONFLICT');
    expect(res.json().error.message).toMatch(/this order is (paid|fulfilled)\.$/);
    const [row] = await site.app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe(state);
    expect((await outbox(site)).length).toBe(mailBefore);
  });

  it('cancels a paid order: stock back, the charge refunded, gift cards credited, the notice queued', async () => {
    const before = await stockOf(site, 'TEE-NAV-L');
    const { id, order } = await placedOrder(site, { sku: 'TEE-NAV-L', quantity: 3 });
    expect(await stockOf(site, 'TEE-NAV-L')).toBe(before - 3);
    // A gift card that paid 500 of this order (as checkout records it).
    const db = site.app.database.db;
    const [card] = await db
      .insert(giftCards)
      .values({
        websiteId: site.websiteId,
        code: `GC-${id.slice(0, 8)}`,
        orderId: id,
        initialCents: 1000,
        balanceCents: 500,
      })
      .returning();
    await db
      .insert(giftCardRedemptions)
      .values({ websiteId: site.websiteId, giftCardId: card!.id, orderId: id, amountCents: 500 });
    const res = await orderAction(site, owner, id, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'CANCELED', refundedCents: order.grandTotalCents });
    expect(await stockOf(site, 'TEE-NAV-L')).toBe(before);
    const [credited] = await db.select().from(giftCards).where(eq(giftCards.id, card!.id));
    expect(credited?.balanceCents).toBe(1000);
    const mail = (await outbox(site)).filter((m) => m.kind === 'order-canceled');
    expect(mail.at(-1)?.textBody).toContain(
      `Refunded to your card: $${(order.grandTotalCents / 100).toFixed(2)}`,
    );
    expect(mail.at(-1)?.textBody).toContain('Returned to your gift card(s): $5.00');
    expect((await orderAction(site, owner, id, 'cancel')).statusCode).toBe(409);
    expect((await orderAction(site, owner, id, 'refund')).statusCode).toBe(409);
  });

  it('refunds partially (state kept), then the rest (REFUNDED), never above what was charged', async () => {
    const { id, order } = await placedOrder(site);
    const total = order.grandTotalCents as number;
    const over = await orderAction(site, owner, id, 'refund', { amountCents: total + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.amountCents).toContain(`$${(total / 100).toFixed(2)}`);
    for (const bad of [0, -5, 1.5]) {
      expect((await orderAction(site, owner, id, 'refund', { amountCents: bad })).statusCode).toBe(400);
    }
    const part = await orderAction(site, owner, id, 'refund', { amountCents: 1000 });
    expect(part.json().order).toMatchObject({ status: 'PAID', refundedCents: 1000 });
    const rest = await orderAction(site, owner, id, 'refund', { amountCents: total - 999 });
    expect(rest.statusCode).toBe(400);
    const full = await orderAction(site, owner, id, 'refund');
    expect(full.json().order).toMatchObject({ status: 'REFUNDED', refundedCents: total });
    const notices = (await outbox(site)).filter(
      (m) => m.kind === 'order-refunded' && m.textBody.includes(`#${order.orderNumber}`),
    );
    expect(notices.map((m) => m.subject)).toEqual([
      `Partial refund for order #${order.orderNumber}`,
      `Refund for order #${order.orderNumber}`,
    ]);
    expect((await orderAction(site, owner, id, 'refund', { amountCents: 1 })).statusCode).toBe(409);
  });

  it('a full refund also gives back what gift cards paid; a partial one does not', async () => {
    const { id, order } = await placedOrder(site);
    const db = site.app.database.db;
    // As checkout records a gift card paying 700 of the order (the card charged the rest).
    await db.update(orders).set({ giftCardCents: 700 }).where(eq(orders.id, id));
    const [card] = await db
      .insert(giftCards)
      .values({
        websiteId: site.websiteId,
        code: `GR-${id.slice(0, 8)}`,
        orderId: id,
        initialCents: 700,
        balanceCents: 0,
      })
      .returning();
    await db
      .insert(giftCardRedemptions)
      .values({ websiteId: site.websiteId, giftCardId: card!.id, orderId: id, amountCents: 700 });
    const balance = async () =>
      (await db.select().from(giftCards).where(eq(giftCards.id, card!.id)))[0]?.balanceCents;
    const part = await orderAction(site, owner, id, 'refund', { amountCents: 100 });
    expect(part.json().order).toMatchObject({ status: 'PAID', chargedCents: order.grandTotalCents - 700 });
    expect(await balance()).toBe(0);
    const over = await orderAction(site, owner, id, 'refund', { amountCents: order.grandTotalCents - 700 });
    expect(over.statusCode).toBe(400);
    const rest = await orderAction(site, owner, id, 'refund');
    expect(rest.json().order).toMatchObject({
      status: 'REFUNDED',
      refundedCents: order.grandTotalCents - 700,
    });
    expect(await balance()).toBe(700);
  });

  it('answers 404 for an unknown order and 401/403 to anyone but the owner', async () => {
    const { id } = await placedOrder(site);
    expect((await orderAction(site, owner, 'no-such-order', 'cancel')).statusCode).toBe(404);
    expect((await orderAction(site, {}, id, 'cancel')).statusCode).toBe(401);
    const customer = { siteUserSession: await sessionOf(site, 'customer') };
    expect((await orderAction(site, customer, id, 'cancel')).statusCode).toBe(403);
    const [row] = await site.app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('PAID');
  });

  it('two cancels at once: one wins, the other gets 409, stock comes back once', async () => {
    const before = await stockOf(site, 'TEE-NAV-S');
    const { id, order } = await placedOrder(site, { sku: 'TEE-NAV-S', quantity: 2 });
    const results = await Promise.all([
      orderAction(site, owner, id, 'cancel'),
      orderAction(site, owner, id, 'cancel'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(site, 'TEE-NAV-S')).toBe(before);
    const canceled = (await outbox(site)).filter(
      (m) => m.kind === 'order-canceled' && m.subject === `Your order #${order.orderNumber} was canceled`,
    );
    expect(canceled).toHaveLength(1);
    const read = (
      await site.request({ method: 'GET', url: `/api/commerce/orders/${id}`, cookies: owner })
    ).json();
    expect(read.order.events.filter((e: { kind: string }) => e.kind === 'canceled')).toHaveLength(1);
  });
  it('two full refunds at once: one refunds, the other gets 409 and nothing more is refunded', async () => {
    const { id, order } = await placedOrder(site);
    const results = await Promise.all([
      orderAction(site, owner, id, 'refund'),
      orderAction(site, owner, id, 'refund'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await site.app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'REFUNDED', refundedCents: order.grandTotalCents });
  });
});

describe.each(backends)('authorised-only payments and failing providers on %s', (backend) => {
  it('keeps an authorised order PENDING until captured; a PENDING cancel refunds nothing', async () => {
    const site = await createTestSite(backend, {
      appOptions: { payments: createTestPaymentProvider({ capture: 'manual' }) },
    });
    const owner = await ownerCookies(site);
    const { id, order } = await placedOrder(site);
    expect(order.status).toBe('PENDING');
    expect((await orderAction(site, owner, id, 'fulfill', { trackingNumber: 'T' })).statusCode).toBe(409);
    expect((await orderAction(site, owner, id, 'refund')).statusCode).toBe(409);
    const captured = await orderAction(site, owner, id, 'capture');
    expect(captured.json().order).toMatchObject({ status: 'PAID', paidAt: expect.any(Number) });
    expect(captured.json().order.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid']);

    const second = await placedOrder(site);
    const canceled = await orderAction(site, owner, second.id, 'cancel');
    expect(canceled.json().order).toMatchObject({ status: 'CANCELED', refundedCents: 0 });
    const mail = (await outbox(site)).filter((m) => m.kind === 'order-canceled');
    expect(mail.at(-1)?.textBody).toContain('You were not charged.');
    await site.app.close();
  });

  it('keeps an order PENDING when the provider refuses the capture', async () => {
    const refusing = {
      ...createTestPaymentProvider({ capture: 'manual' }),
      capture: async () => ({ ok: false as const, message: 'The authorisation has expired.' }),
    };
    const site = await createTestSite(backend, { appOptions: { payments: refusing } });
    const owner = await ownerCookies(site);
    const { id } = await placedOrder(site);
    const res = await orderAction(site, owner, id, 'capture');
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('The authorisation has expired.');
    const [row] = await site.app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'PENDING', paidAt: null });
    await site.app.close();
  });

  it('rolls a refused refund back: state, stock and mail unchanged', async () => {
    const refusing = {
      ...createTestPaymentProvider(),
      refund: async () => ({ ok: false as const, message: 'The bank refused the refund.' }),
    };
    const site = await createTestSite(backend, { appOptions: { payments: refusing } });
    const owner = await ownerCookies(site);
    const { id } = await placedOrder(site, { sku: 'TEE-NAV-M', quantity: 1 });
    const stock = await stockOf(site, 'TEE-NAV-M');
    const mailBefore = (await outbox(site)).length;
    for (const action of ['cancel', 'refund'] as const) {
      const res = await orderAction(site, owner, id, action);
      expect(res.statusCode).toBe(402);
      expect(res.json().error.message).toBe('The bank refused the refund.');
    }
    const [row] = await site.app.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row).toMatchObject({ status: 'PAID', refundedCents: 0 });
    expect(await stockOf(site, 'TEE-NAV-M')).toBe(stock);
    expect((await outbox(site)).length).toBe(mailBefore);
    const read = (
      await site.request({ method: 'GET', url: `/api/commerce/orders/${id}`, cookies: owner })
    ).json();
    expect(read.order.events.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid']);
    await site.app.close();
  });

  it('queues no mail when checkout is declined (the order and its mail roll back together)', async () => {
    const site = await createTestSite(backend);
    const res = await buyTee(site, { token: 'tok_chargeDeclined' });
    expect(res.statusCode).toBe(402);
    expect(await outbox(site)).toEqual([]);
    await site.app.close();
  });
});
