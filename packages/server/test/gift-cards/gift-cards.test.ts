import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, giftCardRedemptions, giftCards, orderItems, orders } from '../../src/db/schema/index';
import { creditGiftCards } from '../../src/services/gift-cards/gift-card-checkout';
import { GIFT_CARD_MESSAGES } from '../../src/services/gift-cards/gift-card-messages';
import { type DemoProductRef, demoProduct } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { applyCard, cartWith, checkout, issueCard } from './gift-card-helpers';

describe.each(backends)('gift cards on %s', (backend) => {
  let site: TestSite;
  let gift: DemoProductRef;
  let presets: DemoProductRef;
  let tee: DemoProductRef;
  beforeAll(async () => {
    site = await createTestSite(backend);
    gift = await demoProduct(site, 'gift-card');
    presets = await demoProduct(site, 'lightroom-presets');
    tee = await demoProduct(site, 'classic-tee');
  });
  afterAll(() => site.app.close());

  const db = () => site.app.database.db;
  const balanceOf = async (id: string) =>
    (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0]?.balanceCents;
  const putRecipient = (cookies: Record<string, string>, entryId: string, payload: Record<string, unknown>) =>
    site.request({
      method: 'PUT',
      url: `/api/commerce/shopping-cart/entries/${entryId}/gift-recipient`,
      cookies,
      payload,
    });

  it.each([
    ['a malformed e-mail', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['a missing e-mail', { name: 'Grace' }, 'Please enter a valid email'],
    ['a message over 500 characters', { email: 'g@example.com', message: 'x'.repeat(501) }, '500 characters'],
  ])('refuses a recipient with %s', async (_label, payload, message) => {
    const { cookies, entryId } = await cartWith(site, { itemId: gift.id, sku: 'GIFT-25', quantity: 1 });
    const res = await putRecipient(cookies, entryId, payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it('keeps a recipient on a gift card line only', async () => {
    const { cookies, entryId } = await cartWith(site, { itemId: gift.id, sku: 'GIFT-25', quantity: 1 });
    const ok = await putRecipient(cookies, entryId, {
      email: ' grace@example.com ',
      name: 'Grace',
      senderName: '',
      message: 'x'.repeat(500),
    });
    expect(ok.statusCode).toBe(200);
    const line = ok.json().shoppingCart.entries[0];
    // Trimmed, and the empty sender name dropped rather than stored blank.
    expect(line.giftRecipient).toEqual({
      email: 'grace@example.com',
      name: 'Grace',
      message: 'x'.repeat(500),
    });

    const tees = await cartWith(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 });
    const refused = await putRecipient(tees.cookies, tees.entryId, { email: 'grace@example.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(GIFT_CARD_MESSAGES.notAGiftCard);
    const missing = await putRecipient(cookies, 'no-such-entry', { email: 'grace@example.com' });
    expect(missing.statusCode).toBe(404);

    const cleared = await site.request({
      method: 'DELETE',
      url: `/api/commerce/shopping-cart/entries/${entryId}/gift-recipient`,
      cookies,
    });
    expect(cleared.json().shoppingCart.entries[0].giftRecipient).toBeNull();
  });

  it('mails each card once, to its recipient with the sender and message, else to the buyer', async () => {
    const { cookies, entryId } = await cartWith(site, { itemId: gift.id, sku: 'GIFT-25', quantity: 2 });
    await putRecipient(cookies, entryId, {
      email: 'grace@example.com',
      name: 'Grace',
      senderName: 'Ada',
      message: 'Happy birthday!\nSpend it well.',
    });
    const own = await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies,
      payload: { itemId: gift.id, sku: 'GIFT-50', quantity: 1 },
    });
    expect(own.statusCode).toBe(200);
    const res = await checkout(site, cookies, { email: 'ada@example.com' });
    expect(res.statusCode).toBe(200);
    const order = res.json().order;
    expect(order.giftCards).toHaveLength(3);

    const mails = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'gift-card')));
    const cards = await db().select().from(giftCards).where(eq(giftCards.orderId, order.id));
    expect(mails).toHaveLength(3);
    for (const card of cards) {
      const mail = mails.filter((m) => m.textBody.includes(card.code));
      expect(mail).toHaveLength(1);
      if (card.initialCents === 2500) {
        expect(card.recipient).toMatchObject({ email: 'grace@example.com', senderName: 'Ada' });
        expect(mail[0]).toMatchObject({ toAddress: 'grace@example.com' });
        expect(mail[0]?.subject).toContain('Ada sent you a $25.00 gift card');
        expect(mail[0]?.textBody).toContain('Hello Grace,');
        expect(mail[0]?.textBody).toContain('  Happy birthday!\n  Spend it well.');
        expect(mail[0]?.textBody).toContain('Amount: $25.00');
      } else {
        expect(card.recipient).toBeNull();
        expect(mail[0]).toMatchObject({ toAddress: 'ada@example.com' });
        expect(mail[0]?.textBody).toContain('Amount: $50.00');
        expect(mail[0]?.textBody).not.toContain('Ada');
      }
      expect(mail[0]?.textBody).toContain('"Gift card" field of the cart or the checkout');
    }
    const lines = await db().select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.find((l) => l.sku === 'GIFT-25')?.giftRecipient).toMatchObject({
      email: 'grace@example.com',
    });
  });

  it('refuses unknown, malformed, empty and other sites’ codes with one message', async () => {
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const empty = await issueCard(site, 2500, 0);
    const other = await createTestSite(backend);
    const foreign = await issueCard(other, 2500);
    await other.app.close();
    for (const code of ['AAAA-BBBB-CCCC-DDDD-EEEE', 'hello', empty.code, foreign.code]) {
      const res = await applyCard(site, cookies, code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(GIFT_CARD_MESSAGES.invalid);
    }
  });

  it('applies a card (any case, spaces), shows it masked with what it covers, and removes it by its last 4', async () => {
    const card = await issueCard(site, 5000, 1200);
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const typed = ` ${card.code.toLowerCase().replace(/-/g, ' ')} `;
    const res = await applyCard(site, cookies, typed);
    expect(res.statusCode).toBe(200);
    const cart = res.json().shoppingCart;
    const last4 = card.code.slice(-4);
    expect(cart.giftCards).toEqual([
      { code: `•••• ${last4}`, last4, appliedCents: 1200, balanceCents: 1200 },
    ]);
    expect(cart.giftCardCents).toBe(1200);
    expect(cart.amountDueCents).toBe(cart.grandTotalCents - 1200);
    expect(JSON.stringify(cart)).not.toContain(card.code);
    const removed = await site.request({
      method: 'DELETE',
      url: `/api/commerce/shopping-cart/gift-cards/${last4}`,
      cookies,
    });
    expect(removed.json().shoppingCart.giftCards).toEqual([]);
    expect(removed.json().shoppingCart.amountDueCents).toBe(cart.grandTotalCents);
  });

  it('keeps applied cards and recipients in the answer of a later add (both add paths)', async () => {
    const card = await issueCard(site, 1000);
    const { cookies, entryId } = await cartWith(site, { itemId: gift.id, sku: 'GIFT-25', quantity: 1 });
    await putRecipient(cookies, entryId, { email: 'grace@example.com' });
    await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies,
      payload: { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 },
    });
    expect((await applyCard(site, cookies, card.code)).statusCode).toBe(200);
    // The first add of a product reads it fresh; later ones take the one-statement path.
    for (let i = 0; i < 2; i++) {
      const added = await site.request({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        cookies,
        payload: { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 1 },
      });
      expect(added.statusCode).toBe(200);
      const cart = added.json().shoppingCart;
      expect(cart.giftCards).toHaveLength(1);
      expect(cart.giftCardCents).toBe(1000);
      expect(cart.entries.find((e: { id: string }) => e.id === entryId).giftRecipient).toEqual({
        email: 'grace@example.com',
      });
    }
  });

  it('does not let a gift card buy another gift card', async () => {
    const card = await issueCard(site, 10000);
    const only = await cartWith(site, { itemId: gift.id, sku: 'GIFT-50', quantity: 1 });
    const refused = await applyCard(site, only.cookies, card.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(GIFT_CARD_MESSAGES.onlyGiftCards);

    const mixed = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    await site.request({
      method: 'POST',
      url: '/api/commerce/shopping-cart/entries',
      cookies: mixed.cookies,
      payload: { itemId: gift.id, sku: 'GIFT-50', quantity: 1 },
    });
    const cart = (await applyCard(site, mixed.cookies, card.code)).json().shoppingCart;
    expect(cart.giftCardNotice).toBe(GIFT_CARD_MESSAGES.notForGiftCards);
    expect(cart.giftCardCents).toBe(cart.grandTotalCents - 5000);
    const res = await checkout(site, mixed.cookies);
    expect(res.statusCode).toBe(200);
    expect(await balanceOf(card.id)).toBe(10000 - (cart.grandTotalCents - 5000));
  });

  it('pays part of an order: the card is emptied and the provider charges the rest', async () => {
    const card = await issueCard(site, 1000);
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    await applyCard(site, cookies, card.code);
    const res = await checkout(site, cookies);
    expect(res.statusCode).toBe(200);
    const placed = res.json().order;
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.id));
    expect(row?.grandTotalCents).toBe(1900);
    expect(row?.giftCardCents).toBe(1000);
    expect(row?.paymentReference).not.toBe('gift-cards');
    expect(await balanceOf(card.id)).toBe(0);
    const taken = await db()
      .select()
      .from(giftCardRedemptions)
      .where(eq(giftCardRedemptions.orderId, placed.id));
    expect(taken).toMatchObject([{ giftCardId: card.id, amountCents: 1000 }]);
  });

  it('pays a whole order: nothing is charged, the order is paid, the balance is kept', async () => {
    const card = await issueCard(site, 5000);
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    await applyCard(site, cookies, card.code);
    // A declining card number would fail any real charge: none is made.
    const res = await checkout(site, cookies, { payment: { token: 'tok_chargeDeclined' } });
    expect(res.statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, res.json().order.id));
    expect(row).toMatchObject({ giftCardCents: 1900, paymentReference: 'gift-cards', status: 'PAID' });
    expect(await balanceOf(card.id)).toBe(3100);

    // Cancel/refund gives the card its money back, once.
    const credited = await db().transaction((tx) => creditGiftCards(tx, res.json().order.id));
    expect(credited).toBe(1900);
    expect(await balanceOf(card.id)).toBe(5000);
    expect(await db().transaction((tx) => creditGiftCards(tx, res.json().order.id))).toBe(0);
    expect(await balanceOf(card.id)).toBe(5000);
  });

  it('limits code guesses per visitor address', async () => {
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const guess = () =>
      site.request({
        method: 'POST',
        url: '/api/commerce/shopping-cart/gift-cards',
        cookies,
        headers: { 'x-forwarded-for': '192.0.2.77' },
        payload: { code: 'AAAA-BBBB-CCCC-DDDD-EEEE' },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await guess()).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses[10]).toBe(429);
  });
});
