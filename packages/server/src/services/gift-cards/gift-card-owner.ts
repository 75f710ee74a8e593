import { type CurrencyCode, formatMoney } from '@store/commerce';
import { type SQL, and, desc, eq, getTableColumns, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { giftCards } from '../../db/schema/index';
import { enqueueEmail } from '../email/email-outbox';
import { olderThan } from '../owner/cursor';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import { maskGiftCardCode, newGiftCardCode, normalizeGiftCardCode } from './gift-card-code';
import { giftCardEmail } from './gift-card-email';

/** Gift cards per page of the owner's list. */
export const GIFT_CARDS_PAGE_SIZE = 25;

export type GiftCardStatus = 'ACTIVE' | 'USED' | 'DISABLED';
type Row = typeof giftCards.$inferSelect;

export const GIFT_CARD_OWNER_MESSAGES = {
  notFound: 'No gift card of this store has that code.',
  missing: 'That gift card does not exist.',
} as const;

/** An expected outcome: the card, or why there is none (the route maps it to a status). */
export type CardResult = { ok: true; card: Row } | { ok: false; code: 'NOT_FOUND' | 'INVALID_CODE' };

export function statusOf(card: Pick<Row, 'disabledAt' | 'balanceCents'>): GiftCardStatus {
  if (card.disabledAt) return 'DISABLED';
  return card.balanceCents > 0 ? 'ACTIVE' : 'USED';
}

/**
 * A card as the owner's screens read it. The whole code only for readers who may read mail
 * secrets (the owner and admins: plugins/permissions.ts mayReadMailSecrets); anyone else sees
 * its last 4 characters, as the cart does.
 */
export function ownerCardView(card: Row, currency: string, fullCode: boolean) {
  const masked = maskGiftCardCode(card.code);
  return {
    id: card.id,
    code: fullCode ? card.code : masked.code,
    last4: masked.last4,
    initialCents: card.initialCents,
    balanceCents: card.balanceCents,
    currency,
    status: statusOf(card),
    recipientEmail: card.recipient?.email ?? null,
    issuedByHand: card.orderId === null,
    orderId: card.orderId,
    createdAt: card.createdAt.toISOString(),
    disabledAt: card.disabledAt ? card.disabledAt.toISOString() : null,
  };
}

const statusCondition: Record<GiftCardStatus, SQL | undefined> = {
  DISABLED: isNotNull(giftCards.disabledAt),
  USED: and(isNull(giftCards.disabledAt), eq(giftCards.balanceCents, 0)),
  ACTIVE: and(isNull(giftCards.disabledAt), gt(giftCards.balanceCents, 0)),
};

/** The site's gift cards, newest first, keyset-paged by (createdAt, id). */
export async function listGiftCards(
  db: Database,
  websiteId: string,
  options: { status?: GiftCardStatus; before?: string[] },
): Promise<(Row & { at: string })[]> {
  return db
    .select({ ...getTableColumns(giftCards), at: sql<string>`${giftCards.createdAt}::text` })
    .from(giftCards)
    .where(
      and(
        eq(giftCards.websiteId, websiteId),
        options.status ? statusCondition[options.status] : undefined,
        olderThan(giftCards, options.before),
      ),
    )
    .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
    .limit(GIFT_CARDS_PAGE_SIZE + 1);
}

/** A card of this site by its typed code (case, spaces and dashes forgiven). */
export async function findGiftCardByCode(
  db: Database,
  websiteId: string,
  typed: string,
): Promise<CardResult> {
  const code = normalizeGiftCardCode(typed);
  if (!code) return { ok: false, code: 'INVALID_CODE' };
  const [card] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.code, code)));
  return card ? { ok: true, card } : { ok: false, code: 'NOT_FOUND' };
}

/**
 * Issue a card by hand: a fresh code for `amountCents` of the store currency, mailed to the
 * recipient through the gift card mail (from the store, with the owner's message) in the
 * same transaction, so a card is never issued without its mail or mailed without existing.
 */
export async function issueGiftCardByHand(
  db: Database,
  site: SiteRecord,
  issuedBy: string,
  input: { amountCents: number; email: string; name?: string; message?: string },
): Promise<Row> {
  const recipient = {
    email: input.email.toLowerCase(),
    ...(input.name ? { name: input.name } : {}),
    senderName: site.siteTitle,
    ...(input.message ? { message: input.message } : {}),
  };
  return db.transaction(async (tx) => {
    const [card] = await tx
      .insert(giftCards)
      .values({
        websiteId: site.id,
        orderId: null,
        code: newGiftCardCode(),
        initialCents: input.amountCents,
        balanceCents: input.amountCents,
        recipient,
        issuedBy,
      })
      .returning();
    if (!card) throw new Error('insert into gift_cards returned no row');
    const mail = giftCardEmail({
      siteTitle: site.siteTitle,
      shopUrl: `${siteBaseUrl(site)}/shop`,
      code: card.code,
      amount: formatMoney(card.initialCents, site.currency as CurrencyCode),
      recipient,
    });
    await enqueueEmail(tx, { websiteId: site.id, kind: 'gift-card', to: recipient.email, ...mail });
    return card;
  });
}

/**
 * Disable a card: it pays for nothing from now on (cart, checkout). Its balance is kept, so
 * the owner can see what was left. Disabling twice keeps the first time.
 */
export async function disableGiftCard(db: Database, websiteId: string, id: string): Promise<CardResult> {
  const [card] = await db
    .update(giftCards)
    .set({ disabledAt: sql`coalesce(${giftCards.disabledAt}, now())` })
    .where(and(eq(giftCards.websiteId, websiteId), eq(giftCards.id, id)))
    .returning();
  return card ? { ok: true, card } : { ok: false, code: 'NOT_FOUND' };
}
