import { ProductType } from '@store/commerce';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartEntries, carts, type GiftRecipient, giftCards } from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import {
  type CartOwner,
  type CartRow,
  type Db,
  findOpenCart,
  loadCartLines,
  touchCart,
} from '../cart/cart-store';
import { buildCartView, type CartView } from '../cart/cart-view';
import type { SiteRecord } from '../site.service';
import { maskGiftCardCode, normalizeGiftCardCode } from './gift-card-code';

/** One order may be paid by this many cards at most (each one is a locked row at checkout). */
export const MAX_GIFT_CARDS = 5;

async function withCart(
  db: Database,
  owner: CartOwner,
  change: (tx: Db, cart: CartRow) => Promise<CartRow>,
  site: SiteRecord,
): Promise<Outcome<CartView>> {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const cart = await findOpenCart(tx, owner, true);
      if (!cart) throw new Rejection('NO_CART');
      const changed = await change(tx, cart);
      await touchCart(tx, cart.id);
      return buildCartView(tx, site, changed);
    }),
  );
}

/**
 * Apply a gift card. Unknown, empty and other sites' codes get one answer, so the route
 * (rate limited) tells a guesser nothing about which codes exist.
 */
export async function applyGiftCard(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  typed: string,
): Promise<Outcome<CartView>> {
  return withCart(
    db,
    owner,
    async (tx, cart) => {
      const code = normalizeGiftCardCode(typed);
      if (!code) throw new Rejection('GIFT_CARD_INVALID');
      const [card] = await tx
        .select({ code: giftCards.code, balanceCents: giftCards.balanceCents })
        .from(giftCards)
        .where(
          and(
            eq(giftCards.websiteId, site.id),
            eq(giftCards.code, code),
            gt(giftCards.balanceCents, 0),
            isNull(giftCards.disabledAt),
          ),
        );
      if (!card) throw new Rejection('GIFT_CARD_INVALID');
      const lines = await loadCartLines(tx, cart.id);
      if (lines.length === 0) throw new Rejection('CART_EMPTY');
      if (lines.every((l) => l.productType === ProductType.GIFT_CARD)) throw new Rejection('GIFT_CARDS_ONLY');
      // The balance the answer shows the buyer: checkout refuses to charge more if it drops.
      const giftCardBalancesSeen = { ...cart.giftCardBalancesSeen, [code]: card.balanceCents };
      if (cart.giftCardCodes.includes(code)) {
        await tx.update(carts).set({ giftCardBalancesSeen }).where(eq(carts.id, cart.id));
        return { ...cart, giftCardBalancesSeen };
      }
      if (cart.giftCardCodes.length >= MAX_GIFT_CARDS) throw new Rejection('TOO_MANY_GIFT_CARDS');
      const giftCardCodes = [...cart.giftCardCodes, code];
      await tx.update(carts).set({ giftCardCodes, giftCardBalancesSeen }).where(eq(carts.id, cart.id));
      return { ...cart, giftCardCodes, giftCardBalancesSeen };
    },
    site,
  );
}

/** Remove an applied card by its full code or by the last 4 characters the cart shows. */
export async function removeGiftCard(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  typed: string,
): Promise<Outcome<CartView>> {
  return withCart(
    db,
    owner,
    async (tx, cart) => {
      const full = normalizeGiftCardCode(typed);
      const suffix = typed.toUpperCase().replace(/[\s-]+/g, '');
      const giftCardCodes = cart.giftCardCodes.filter((c) =>
        full ? c !== full : maskGiftCardCode(c).last4 !== suffix,
      );
      const giftCardBalancesSeen = Object.fromEntries(
        Object.entries(cart.giftCardBalancesSeen ?? {}).filter(([c]) => giftCardCodes.includes(c)),
      );
      await tx.update(carts).set({ giftCardCodes, giftCardBalancesSeen }).where(eq(carts.id, cart.id));
      return { ...cart, giftCardCodes, giftCardBalancesSeen };
    },
    site,
  );
}

/**
 * After checkout refused an order because a card was spent meanwhile: the buyer has now been
 * told the new total, so the cards' current balances become the ones shown.
 */
export async function acknowledgeGiftCardBalances(db: Database, cartId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
    if (!cart || cart.giftCardCodes.length === 0) return;
    const cards = await tx
      .select({ code: giftCards.code, balanceCents: giftCards.balanceCents })
      .from(giftCards)
      .where(and(eq(giftCards.websiteId, cart.websiteId), inArray(giftCards.code, cart.giftCardCodes)));
    const giftCardBalancesSeen = Object.fromEntries(cards.map((c) => [c.code, c.balanceCents]));
    await tx.update(carts).set({ giftCardBalancesSeen }).where(eq(carts.id, cartId));
  });
}

/** Who receives a gift card line (null: the buyer). Only gift card lines take a recipient. */
export async function setGiftRecipient(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  entryId: string,
  recipient: GiftRecipient | null,
): Promise<Outcome<CartView>> {
  return withCart(
    db,
    owner,
    async (tx, cart) => {
      const line = (await loadCartLines(tx, cart.id)).find((l) => l.entryId === entryId);
      if (!line) throw new Rejection('GIFT_CARD_ENTRY_NOT_FOUND');
      if (line.productType !== ProductType.GIFT_CARD) throw new Rejection('NOT_A_GIFT_CARD');
      // Empty optional fields are dropped, so the mail never shows a blank name or message.
      const stored = recipient
        ? (Object.fromEntries(
            Object.entries(recipient).filter(([, v]) => typeof v === 'string' && v !== ''),
          ) as unknown as GiftRecipient)
        : null;
      await tx
        .update(cartEntries)
        .set({ giftRecipient: stored })
        .where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cart.id)));
      return cart;
    },
    site,
  );
}
