import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartEntries, cartRecovery, cartRecoveryOptouts, carts } from '../../db/schema/index';
import { type CartOwner, findOpenCart } from '../cart/cart-store';
import { checkRestoreToken, cartOfUnsubscribeToken } from './links';
import { cartRecoverySettings } from './settings';

/**
 * The buyer's e-mail on their cart, typed at checkout before the order: kept only while the
 * store sends reminders, for an open cart with at least one line, and not for an e-mail that
 * unsubscribed. A new e-mail replaces the old one and counts the delays anew.
 */
export async function recordCartEmail(db: Database, owner: CartOwner, email: string): Promise<boolean> {
  const settings = await cartRecoverySettings(db, owner.websiteId);
  if (!settings.enabled) return false;
  const cart = await findOpenCart(db, owner);
  if (!cart) return false;
  const [line] = await db
    .select({ id: cartEntries.id })
    .from(cartEntries)
    .where(eq(cartEntries.cartId, cart.id))
    .limit(1);
  if (!line) return false;
  const address = email.trim();
  const [optedOut] = await db
    .select({ email: cartRecoveryOptouts.email })
    .from(cartRecoveryOptouts)
    .where(
      and(
        eq(cartRecoveryOptouts.websiteId, owner.websiteId),
        eq(cartRecoveryOptouts.email, address.toLowerCase()),
      ),
    );
  if (optedOut) return false;
  await db
    .insert(cartRecovery)
    .values({ cartId: cart.id, websiteId: cart.websiteId, email: address })
    .onConflictDoUpdate({
      target: cartRecovery.cartId,
      set: { email: address, emailAt: new Date() },
      setWhere: sql`lower(${cartRecovery.email}) <> lower(${address})`,
    });
  return true;
}

export type RestoreOutcome =
  | { ok: true; token: string }
  | { ok: false; code: 'LINK_INVALID' | 'LINK_EXPIRED' | 'CART_GONE' };

/**
 * A reminder's restore link opened: the cart (of this site, still open) is noted as restored
 * and its token answered, for the caller to make it the visitor's cart.
 */
export async function restoreCart(
  db: Database,
  websiteId: string,
  token: string,
  now = new Date(),
): Promise<RestoreOutcome> {
  const checked = await checkRestoreToken(db, token, now);
  if (!checked.ok) return checked;
  const [cart] = await db
    .select({ token: carts.token, isPurchased: carts.isPurchased })
    .from(carts)
    .where(and(eq(carts.id, checked.cartId), eq(carts.websiteId, websiteId)));
  if (!cart) return { ok: false, code: 'LINK_INVALID' };
  if (cart.isPurchased) return { ok: false, code: 'CART_GONE' };
  await db
    .update(cartRecovery)
    .set({ restoredAt: now })
    .where(and(eq(cartRecovery.cartId, checked.cartId), eq(cartRecovery.websiteId, websiteId)));
  return { ok: true, token: cart.token };
}

/** The unsubscribe link: the cart's e-mail gets no more reminders from this site. */
export async function unsubscribeCartEmail(db: Database, websiteId: string, token: string): Promise<boolean> {
  const cartId = await cartOfUnsubscribeToken(db, token);
  if (!cartId) return false;
  const [row] = await db
    .select({ email: cartRecovery.email })
    .from(cartRecovery)
    .where(and(eq(cartRecovery.cartId, cartId), eq(cartRecovery.websiteId, websiteId)));
  // A cart deleted since gets no reminders anyway: the answer is the same.
  if (!row) return true;
  await db
    .insert(cartRecoveryOptouts)
    .values({ websiteId, email: row.email.toLowerCase() })
    .onConflictDoNothing();
  return true;
}
