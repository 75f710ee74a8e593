import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { giftCardRedemptions, giftCards, orders } from '../../src/db/schema/index';
import { demoProduct } from '../helpers/shop';
import { createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { applyCard, cartWith, checkout, issueCard } from './gift-card-helpers';

describe.each(backends)('gift card concurrency on %s', (backend) => {
  it.each([
    // 10 orders of $19 against one $50 card: two paid in full, one in part, the rest by card payment.
    ['one card, ten checkouts at once', 1, 5000],
    // Two cards applied in opposite orders by alternate carts: locks taken in id order, no deadlock.
    ['two cards shared by ten checkouts', 2, 3000],
  ])('%s never overspend a card', async (_label, cardCount, cents) => {
    const site = await createTestSite(backend, { appOptions: { cartWritesPer10s: false } });
    const db = site.app.database.db;
    const presets = await demoProduct(site, 'lightroom-presets');
    const cards = await Promise.all(Array.from({ length: cardCount }, () => issueCard(site, cents)));
    const carts: Record<string, string>[] = [];
    for (let i = 0; i < 10; i++) {
      const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
      const order = i % 2 === 0 ? cards : [...cards].reverse();
      for (const card of order) expect((await applyCard(site, cookies, card.code)).statusCode).toBe(200);
      carts.push(cookies);
    }
    // Every cart was shown the full card balance: they all try to spend it at the same moment.
    const results = await Promise.all(carts.map((cookies) => checkout(site, cookies)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));

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
    // 10 × $19 = $190 exceeds what the cards hold: every cent of them is spent, no more.
    const totalSpent = redeemed.reduce((s, r) => s + r.amountCents, 0);
    expect(totalSpent).toBe(cardCount * cents);
    const placed = await db.select().from(orders).where(eq(orders.websiteId, site.websiteId));
    expect(placed).toHaveLength(10);
    expect(placed.reduce((s, o) => s + o.giftCardCents, 0)).toBe(totalSpent);
    await site.app.close();
  });
});
