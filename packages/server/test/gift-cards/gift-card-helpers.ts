import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import { theRow } from '../../src/db/rows';
import { giftCards } from '../../src/db/schema/index';
import { newGiftCardCode } from '../../src/services/gift-cards/gift-card-code';
import { addToCart, cartTokenFrom } from '../helpers/shop';
import type { TestSite } from '../helpers/test-app';

export const pay = { provider: 'test', token: 'tok_visa' };

/** A client address of its own, so the apply route's per-address limit counts one visitor. */
export function visitorAddress(): Record<string, string> {
  return { 'x-forwarded-for': `10.${randomInt(250)}.${randomInt(250)}.${randomInt(250)}` };
}

/** A fresh cart holding one line; answers its CART cookie and the line's id. */
export async function cartWith(
  site: TestSite,
  body: Record<string, unknown>,
): Promise<{ cookies: { CART: string }; entryId: string }> {
  const res = await addToCart(site, body);
  expect(res.statusCode).toBe(200);
  return { cookies: { CART: cartTokenFrom(res)! }, entryId: res.json().newlyAdded.id };
}

/** A card issued straight into the table (as a past order would have). */
export async function issueCard(site: TestSite, cents: number, balance = cents) {
  const rows = await site.app.database.db
    .insert(giftCards)
    .values({
      websiteId: site.websiteId,
      orderId: 'earlier-order',
      code: newGiftCardCode(),
      initialCents: cents,
      balanceCents: balance,
    })
    .returning();
  return theRow(rows, 'insert into gift_cards');
}

export function applyCard(site: TestSite, cookies: Record<string, string>, code: string) {
  return site.request({
    method: 'POST',
    url: '/api/commerce/shopping-cart/gift-cards',
    cookies,
    headers: visitorAddress(),
    payload: { code },
  });
}

export function checkout(
  site: TestSite,
  cookies: Record<string, string>,
  body: Record<string, unknown> = {},
) {
  return site.request({
    method: 'POST',
    url: '/api/commerce/checkout',
    cookies,
    payload: { email: 'buyer@example.com', payment: pay, ...body },
  });
}
