import { ProductType } from '@store/commerce';
import { maskGiftCardCode } from './gift-card-code';
import { GIFT_CARD_MESSAGES } from './gift-card-messages';

/** A card as read from gift_cards: what it still holds. */
export interface CardBalance {
  id: string;
  code: string;
  balanceCents: number;
}

interface TotalsView {
  grandTotalCents: number;
  entries: { productType: number; subTotal: number }[];
}

/**
 * What gift cards may pay for: the total less the gift card lines, because a gift card never
 * buys another gift card (else a card could be laundered into fresh codes).
 */
export function giftCardCoverable(view: TotalsView): number {
  const giftLines = view.entries
    .filter((e) => e.productType === ProductType.GIFT_CARD)
    .reduce((sum, e) => sum + e.subTotal, 0);
  return Math.max(0, view.grandTotalCents - giftLines);
}

/** Each card in the order applied takes `least(balance, what is left)`: the cart view and checkout agree. */
export function allocateGiftCards(
  coverable: number,
  cards: CardBalance[],
): (CardBalance & { appliedCents: number })[] {
  let left = coverable;
  return cards.map((card) => {
    const appliedCents = Math.max(0, Math.min(card.balanceCents, left));
    left -= appliedCents;
    return { ...card, appliedCents };
  });
}

/** The cart's gift card fields (shoppingCart.giftCards, giftCardCents, amountDueCents, giftCardNotice). */
export function giftCardFields(view: TotalsView, cards: CardBalance[]) {
  const allocated = allocateGiftCards(giftCardCoverable(view), cards);
  const giftCardCents = allocated.reduce((sum, c) => sum + c.appliedCents, 0);
  const buysGiftCards = view.entries.some((e) => e.productType === ProductType.GIFT_CARD);
  return {
    giftCards: allocated.map((c) => ({
      ...maskGiftCardCode(c.code),
      appliedCents: c.appliedCents,
      balanceCents: c.balanceCents,
    })),
    giftCardCents,
    amountDueCents: view.grandTotalCents - giftCardCents,
    giftCardNotice: cards.length > 0 && buysGiftCards ? GIFT_CARD_MESSAGES.notForGiftCards : null,
  };
}
