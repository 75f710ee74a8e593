import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCardRedemptions, giftCards, orders } from '../../src/db/schema/index';
import { demoProduct } from '../helpers/shop';
import { createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { applyCard, cartWith, checkout, issueCard } from './gift-card-helpers';

describe.each(backends)('gift card concurrency on %s', (backend) => {
  it.each([
    // 10 orders of $19 against one $50 card: two are paid by it in full, then it cannot pay an order.
    ['one card, ten checkouts at once', 1, 5000],
    // Two cards applied in opposite orders by alternate carts: locks taken in id order, no deadlock.
    ['two cards shared by ten checkouts', 2, 3000],
  ])('%s: never overspend a card, never charge a buyer more than shown', async (_label, cardCount, cents) => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const db = site.app.database.db;
    const presets = await demoProduct(site, 'lightroom-presets');
    const cards = await Promise.all(Array.from({ length: cardCount }, () => issueCard(site, cents)));
    const carts: Record<string, string>[] = [];
    for (let i = 0; i < 10; i++) {
      const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
      const order = i % 2 === 0 ? cards : [...cards].reverse();
      for (const card of order) {
        const applied = await applyCard(site, cookies, card.code);
        expect(applied.statusCode).toBe(200);
        // Each buyer is shown that the cards pay it all: nothing is due on their payment card.
        expect(applied.json().shoppingCart.amountDueCents).toBe(0);
      }
      carts.push(cookies);
    }
    // Every cart was shown the full card balance: they all try to spend it at the same moment.
    const results = await Promise.all(carts.map((cookies) => checkout(site, cookies)));
    const placedNow = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(placedNow.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      // Told, not charged: the card was spent by another order, here is the new total.
      expect(r.statusCode).toBe(409);
      const body = r.json();
      expect(body.error.code).toBe('TOTAL_CHANGED');
      expect(body.reason).toBe('GIFT_CARD_SPENT');
      expect(body.amountDueCents).toBeGreaterThan(0);
      expect(body.error.message).toContain(`$${(body.amountDueCents / 100).toFixed(2)}`);
    }

    const ids = cards.map((c) => c.id);
    const after = await db.select().from(giftCards).where(inArray(giftCards.id, ids));
    const redeemed = await db
      .select()
      .from(giftCardRedemptions)
      .where(inArray(giftCardRedemptions.giftCardId, ids));
    for (const card of after) {
      const spent = redeemed.filter((r) => r.giftCardId === card.id).reduce((s, r) => s + r.amountCents, 0);
      expect(card.balanceCents).toBeGreaterThanOrEqual(0);
      expect(spent).toBeLessThanOrEqual(card.initialCents);
      expect(card.balanceCents).toBe(card.initialCents - spent);
    }
    const placed = await db.select().from(orders).where(eq(orders.websiteId, site.websiteId));
    expect(placed).toHaveLength(placedNow.length);
    // Nobody was charged on their payment card: every order placed is paid by the cards in full.
    for (const order of placed) expect(order.giftCardCents).toBe(order.grandTotalCents);
    const totalSpent = redeemed.reduce((s, r) => s + r.amountCents, 0);
    expect(placed.reduce((s, o) => s + o.giftCardCents, 0)).toBe(totalSpent);

    // A refused buyer who places the order again, now told, pays the total they were told.
    const first = refused[0];
    const again = await checkout(site, carts[results.indexOf(first as (typeof results)[number])] ?? {});
    expect(again.statusCode, again.body).toBe(200);
    const [row] = await db.select().from(orders).where(eq(orders.id, again.json().order.id));
    expect((row?.grandTotalCents ?? 0) - (row?.giftCardCents ?? 0)).toBe(first?.json().amountDueCents);
    await site.app.close();
  });
});
