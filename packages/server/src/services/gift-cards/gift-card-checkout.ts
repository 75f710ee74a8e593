import { type CurrencyCode, formatMoney, ProductType } from '@store/commerce';
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type GiftRecipient, giftCardRedemptions, giftCards } from '../../db/schema/index';
import { Rejection } from '../../reasons';
import { enqueueEmail } from '../email/email-outbox';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import { allocateGiftCards, giftCardCoverable } from './gift-card-allocation';
import { newGiftCardCode } from './gift-card-code';
import { giftCardEmail } from './gift-card-email';

/** What the applied gift cards paid at checkout, and what is left for the payment provider. */
export interface GiftCardTake {
  totalCents: number;
  restCents: number;
  /**
   * What the cards would have paid at the balances the buyer was shown (when applied): more
   * than `totalCents` when another order spent a card meanwhile.
   */
  shownCents: number;
  redemptions: { giftCardId: string; amountCents: number }[];
}

/** Stands in for the provider's answer when gift cards paid it all: nothing is charged. */
export const PAID_BY_GIFT_CARDS = { ok: true as const, reference: 'gift-cards', captured: true };

interface CheckoutView {
  grandTotalCents: number;
  entries: { productType: number; subTotal: number }[];
}

/**
 * In the order transaction: lock the applied cards (in id order, so two checkouts sharing
 * cards cannot deadlock), take `least(balance, what is left)` from each with a guarded
 * UPDATE (`balance_cents >= amount`), and answer what the provider must still charge. The
 * row lock makes a concurrent checkout wait and then see the lower balance, the guard and
 * the CHECK (balance >= 0) are the last lines: a card is never overspent. `shownCents` says
 * what the cards would pay at the balances the buyer was shown, so checkout can refuse to
 * charge the difference to the payment card.
 */
export async function takeGiftCards(
  tx: Tx,
  websiteId: string,
  codes: string[],
  view: CheckoutView,
  shownBalances: Record<string, number> = {},
): Promise<GiftCardTake> {
  if (codes.length === 0)
    return { totalCents: 0, restCents: view.grandTotalCents, shownCents: 0, redemptions: [] };
  const locked = await tx
    .select({ id: giftCards.id, code: giftCards.code, balanceCents: giftCards.balanceCents })
    .from(giftCards)
    .where(
      and(eq(giftCards.websiteId, websiteId), inArray(giftCards.code, codes), isNull(giftCards.disabledAt)),
    )
    .orderBy(asc(giftCards.id))
    .for('update');
  const inCartOrder = codes.flatMap((code) => locked.filter((c) => c.code === code));
  const redemptions: GiftCardTake['redemptions'] = [];
  for (const card of allocateGiftCards(giftCardCoverable(view), inCartOrder)) {
    if (card.appliedCents <= 0) continue;
    const taken = await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} - ${card.appliedCents}` })
      .where(and(eq(giftCards.id, card.id), gte(giftCards.balanceCents, card.appliedCents)))
      .returning({ id: giftCards.id });
    if (taken.length === 0) throw new Rejection('GIFT_CARD_BALANCE_CHANGED');
    redemptions.push({ giftCardId: card.id, amountCents: card.appliedCents });
  }
  const totalCents = redemptions.reduce((sum, r) => sum + r.amountCents, 0);
  // A card with no balance on record (a cart older than that record) counts at its balance now.
  const shown = inCartOrder.map((c) => ({ ...c, balanceCents: shownBalances[c.code] ?? c.balanceCents }));
  const shownCents = allocateGiftCards(giftCardCoverable(view), shown).reduce(
    (sum, c) => sum + c.appliedCents,
    0,
  );
  return { totalCents, restCents: view.grandTotalCents - totalCents, shownCents, redemptions };
}

/** After the order row exists: one redemption row per card it took from. */
export async function recordGiftCardRedemptions(
  tx: Tx,
  websiteId: string,
  orderId: string,
  take: GiftCardTake,
): Promise<void> {
  if (take.redemptions.length === 0) return;
  await tx.insert(giftCardRedemptions).values(take.redemptions.map((r) => ({ websiteId, orderId, ...r })));
}

/**
 * Issue one card per gift card unit bought, and queue its mail in the same transaction:
 * to the line's recipient (with the sender's name and message), else to the buyer.
 */
export async function issueGiftCards(
  tx: Tx,
  site: SiteRecord,
  order: { id: string; email: string; currency: string },
  entries: {
    productType: number;
    quantity: number;
    purchasePriceCents: number;
    giftRecipient?: GiftRecipient | null;
  }[],
): Promise<void> {
  const cards = entries
    .filter((e) => e.productType === ProductType.GIFT_CARD)
    .flatMap((e) =>
      Array.from({ length: e.quantity }, () => ({
        cents: e.purchasePriceCents,
        recipient: e.giftRecipient ?? null,
      })),
    );
  if (cards.length === 0) return;
  const rows = await tx
    .insert(giftCards)
    .values(
      cards.map((c) => ({
        websiteId: site.id,
        orderId: order.id,
        code: newGiftCardCode(),
        initialCents: c.cents,
        balanceCents: c.cents,
        recipient: c.recipient,
      })),
    )
    .returning();
  for (const card of rows) {
    const mail = giftCardEmail({
      siteTitle: site.siteTitle,
      shopUrl: `${siteBaseUrl(site)}/shop`,
      code: card.code,
      amount: formatMoney(card.initialCents, order.currency as CurrencyCode),
      recipient: card.recipient,
    });
    await enqueueEmail(tx, {
      websiteId: site.id,
      kind: 'gift-card',
      to: card.recipient?.email ?? order.email,
      ...mail,
    });
  }
}

/**
 * Give an order's gift card payments back (cancel or refund): each card regains what the
 * order took, never past its initial value, and the redemptions are removed so a second
 * call credits nothing. Answers the amount credited. Call it inside the cancel/refund
 * transaction.
 */
export async function creditGiftCards(tx: Tx, orderId: string): Promise<number> {
  const taken = await tx
    .delete(giftCardRedemptions)
    .where(eq(giftCardRedemptions.orderId, orderId))
    .returning({ giftCardId: giftCardRedemptions.giftCardId, amountCents: giftCardRedemptions.amountCents });
  // In card id order, as checkout locks them: a refund and a checkout sharing cards never deadlock.
  for (const r of [...taken].sort((a, b) => (a.giftCardId < b.giftCardId ? -1 : 1))) {
    await tx
      .update(giftCards)
      .set({
        balanceCents: sql`least(${giftCards.initialCents}, ${giftCards.balanceCents} + ${r.amountCents})`,
      })
      .where(eq(giftCards.id, r.giftCardId));
  }
  return taken.reduce((sum, r) => sum + r.amountCents, 0);
}
