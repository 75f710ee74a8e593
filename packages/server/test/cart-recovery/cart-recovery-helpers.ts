import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client';
import { cartRecovery, carts, emailOutbox } from '../../src/db/schema/index';
import { present } from '../helpers/present';
import { addToCart, cartTokenFrom, demoProduct, shippingAddress } from '../helpers/shop';
import type { TestSite } from '../helpers/test-app';

/** A visitor's new cart with one tee, and the e-mail typed at checkout recorded on it. */
export async function abandonedCart(site: TestSite, email: string, options: { record?: boolean } = {}) {
  const tee = await demoProduct(site, 'classic-tee');
  const added = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 });
  expect(added.statusCode, added.body).toBe(200);
  const token = present(cartTokenFrom(added), 'cart token');
  const cartId = added.json().shoppingCart.id as string;
  if (options.record !== false) {
    const recorded = await site.request({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/email',
      cookies: { CART: token },
      payload: { email },
    });
    expect(recorded.json()).toEqual({ recorded: true });
  }
  return { token, cartId };
}

/** As if the cart had been left `hours` ago (the reminder job reads the clock it is given). */
export async function leftHoursAgo(db: Database, cartId: string, hours: number) {
  const back = sql.raw(`interval '${hours} hours'`);
  await db
    .update(carts)
    .set({ updatedAt: sql`${carts.updatedAt} - ${back}`, createdAt: sql`${carts.createdAt} - ${back}` })
    .where(eq(carts.id, cartId));
  await db
    .update(cartRecovery)
    .set({ emailAt: sql`${cartRecovery.emailAt} - ${back}` })
    .where(eq(cartRecovery.cartId, cartId));
}

/** The cart reminders queued to `to` on the site. */
export async function remindersTo(site: TestSite, to: string) {
  return site.app.database.db
    .select()
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.websiteId, site.websiteId),
        eq(emailOutbox.kind, 'cart-reminder'),
        eq(emailOutbox.toAddress, to),
      ),
    );
}

/** Check out the cart behind `token` as its visitor. */
export async function checkoutCart(site: TestSite, token: string, email: string) {
  const cookies = { CART: token };
  const cart = (await site.request({ method: 'GET', url: '/api/commerce/shopping-cart', cookies })).json();
  const res = await site.request({
    method: 'POST',
    url: '/api/commerce/checkout',
    cookies,
    payload: {
      email,
      shippingAddress,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: 'tok_visa' },
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { id: string; grandTotalCents?: number };
}

/** The links of a reminder's text: restore, then unsubscribe. */
export function linksOf(text: string) {
  const restore = /https?:\/\/\S+\/commerce\/cart-recovery\/restore\/[\w.-]+/.exec(text)?.[0];
  const unsubscribe = /https?:\/\/\S+\/commerce\/cart-recovery\/unsubscribe\/[\w.-]+/.exec(text)?.[0];
  return { restore: present(restore, 'restore link'), unsubscribe: present(unsubscribe, 'unsubscribe link') };
}

/** The path of an absolute link (the test app answers any address of its site by host). */
export const pathOf = (url: string) => new URL(url).pathname;
