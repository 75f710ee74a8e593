import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giftCards, orders } from '../../src/db/schema/index';
import { type DemoProductRef, demoProduct } from '../helpers/shop';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { applyCard, cartWith, checkout, issueCard } from './gift-card-helpers';

describe.each(backends)('the total the buyer saw, at checkout on %s', (backend) => {
  let site: TestSite;
  let presets: DemoProductRef;
  beforeAll(async () => {
    site = await createTestSite(backend);
    presets = await demoProduct(site, 'lightroom-presets');
  });
  afterAll(() => site.app.close());

  const db = () => site.app.database.db;
  const shown = async (cookies: Record<string, string>) =>
    (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
  const ordersNow = async () =>
    (await db().select().from(orders).where(eq(orders.websiteId, site.websiteId))).length;
  const balanceOf = async (id: string) =>
    (await db().select().from(giftCards).where(eq(giftCards.id, id)))[0]?.balanceCents;

  it('refuses an expectedTotal other than the amount due, with the amount due, and places the order with it', async () => {
    const { cookies } = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const due = (await shown(cookies)).amountDueCents as number;
    expect(due).toBeGreaterThan(0);
    const before = await ordersNow();

    const wrong = await checkout(site, cookies, { expectedTotal: due - 100 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({
      error: {
        code: 'TOTAL_CHANGED',
        message: `Your total is now $${(due / 100).toFixed(2)}. Please review your order and place it again.`,
      },
      reason: 'TOTAL_CHANGED',
      amountDueCents: due,
      giftCardCents: 0,
    });
    expect(await ordersNow()).toBe(before);

    const right = await checkout(site, cookies, { expectedTotal: due });
    expect(right.statusCode).toBe(200);
    expect(right.json().order.grandTotalCents).toBe(due);
  });

  it('a card spent by another order after the buyer saw it: 409 with the new total, then the order at that total', async () => {
    const card = await issueCard(site, 2500);
    const a = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const b = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    for (const buyer of [a, b])
      expect((await applyCard(site, buyer.cookies, card.code)).statusCode).toBe(200);
    // Both are shown that the card pays it all.
    const seenByB = await shown(b.cookies);
    expect(seenByB.amountDueCents).toBe(0);

    expect((await checkout(site, a.cookies, { expectedTotal: 0 })).statusCode).toBe(200);
    const left = (await balanceOf(card.id)) as number;
    expect(left).toBe(2500 - seenByB.grandTotalCents);

    const refused = await checkout(site, b.cookies, { expectedTotal: 0 });
    expect(refused.statusCode).toBe(409);
    const newDue = seenByB.grandTotalCents - left;
    expect(refused.json()).toMatchObject({
      reason: 'TOTAL_CHANGED',
      amountDueCents: newDue,
      giftCardCents: left,
    });
    // Nothing was taken from the card by the refused checkout.
    expect(await balanceOf(card.id)).toBe(left);

    const placed = await checkout(site, b.cookies, { expectedTotal: newDue });
    expect(placed.statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, placed.json().order.id));
    expect([row?.giftCardCents, (row?.grandTotalCents ?? 0) - (row?.giftCardCents ?? 0)]).toEqual([
      left,
      newDue,
    ]);
    expect(await balanceOf(card.id)).toBe(0);
  });

  it('without expectedTotal, a card spent meanwhile is refused once, then the order is placed at the new total', async () => {
    const card = await issueCard(site, 2500);
    const a = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    const b = await cartWith(site, { itemId: presets.id, sku: 'DIGI-PRESETS', quantity: 1 });
    for (const buyer of [a, b])
      expect((await applyCard(site, buyer.cookies, card.code)).statusCode).toBe(200);
    expect((await checkout(site, a.cookies)).statusCode).toBe(200);

    const refused = await checkout(site, b.cookies);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toBe('GIFT_CARD_SPENT');
    const again = await checkout(site, b.cookies);
    expect(again.statusCode).toBe(200);
    const [row] = await db().select().from(orders).where(eq(orders.id, again.json().order.id));
    expect((row?.grandTotalCents ?? 0) - (row?.giftCardCents ?? 0)).toBe(refused.json().amountDueCents);
  });
});
