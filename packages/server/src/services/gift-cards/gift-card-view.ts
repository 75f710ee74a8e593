import { ProductType } from '@store/commerce';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { cartEntries, type GiftRecipient, giftCards } from '../../db/schema/index';
import type { CartRow, Db } from '../cart/cart-store';
import { type CardBalance, giftCardFields } from './gift-card-allocation';

/** The balances of the applied cards (a disabled card pays nothing), in the order they were applied. */
export async function loadAppliedCards(db: Db, websiteId: string, codes: string[]): Promise<CardBalance[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: giftCards.id, code: giftCards.code, balanceCents: giftCards.balanceCents })
    .from(giftCards)
    .where(
      and(eq(giftCards.websiteId, websiteId), inArray(giftCards.code, codes), isNull(giftCards.disabledAt)),
    );
  return codes.flatMap((code) => rows.filter((r) => r.code === code));
}

/** Recipients of a cart's gift card lines, by entry id. */
export async function loadGiftRecipients(db: Db, cartId: string): Promise<Map<string, GiftRecipient>> {
  const rows = await db
    .select({ id: cartEntries.id, recipient: cartEntries.giftRecipient })
    .from(cartEntries)
    .where(and(eq(cartEntries.cartId, cartId), isNotNull(cartEntries.giftRecipient)));
  return new Map(rows.flatMap((r) => (r.recipient ? [[r.id, r.recipient] as const] : [])));
}

export type GiftCardViewFields = ReturnType<typeof giftCardFields>;

/**
 * The cart view's gift card parts: each gift card line's recipient, the applied cards and
 * the amount left to pay. Costs no query for a cart without gift card lines or codes (the
 * common add-to-cart answer).
 */
export async function giftCardView<E extends { id: string; productType: number; subTotal: number }>(
  db: Db,
  websiteId: string,
  cart: Pick<CartRow, 'id' | 'giftCardCodes'> | undefined,
  grandTotalCents: number,
  entries: E[],
): Promise<GiftCardViewFields & { entries: (E & { giftRecipient?: GiftRecipient | null })[] }> {
  const hasGiftLines = entries.some((e) => e.productType === ProductType.GIFT_CARD);
  const recipients = cart && hasGiftLines ? await loadGiftRecipients(db, cart.id) : undefined;
  const withRecipients = recipients
    ? entries.map((e) =>
        e.productType === ProductType.GIFT_CARD ? { ...e, giftRecipient: recipients.get(e.id) ?? null } : e,
      )
    : entries;
  const cards = cart ? await loadAppliedCards(db, websiteId, cart.giftCardCodes ?? []) : [];
  return { ...giftCardFields({ grandTotalCents, entries }, cards), entries: withRecipients };
}
