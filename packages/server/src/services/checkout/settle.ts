import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { theRow } from '../../db/rows';
import {
  carts,
  checkoutReservations,
  coupons,
  giftCards,
  orderItems,
  orders,
  variants,
} from '../../db/schema/index';
import { grantDownloads } from '../downloads/download-links';
import { issueGiftCards, recordGiftCardRedemptions } from '../gift-cards/gift-card-checkout';
import { type OrderRow, type SerializedOrder, serializeOrder } from '../order.service';
import { announcePlacedOrder } from '../orders/order-placed';
import { appendOrderEvent } from '../orders/owner-order';
import { grantMembershipsOfOrder } from '../members/join';
import type { SavedMethod } from '../payments/payment-provider';
import { confirmPaidBookings } from '../scheduling/booking-payment';
import { recordDonationsOfOrder } from '../donations/record-donations';
import type { SiteRecord } from '../site.service';
import { startSubscriptionsOfOrder } from '../subscriptions/from-order';
import { joinFromCheckout } from '../lists/checkout-opt-in';
import { afterOrder } from './after-order';
import type { ReservationRow, ReservationSnapshot } from './reserve';

export type Placed = { order: SerializedOrder; accessToken: string; row: OrderRow };

async function lockReservation(tx: Tx, id: string): Promise<ReservationRow | undefined> {
  const [row] = await tx
    .select()
    .from(checkoutReservations)
    .where(eq(checkoutReservations.id, id))
    .for('update');
  return row;
}

/**
 * The second transaction of a paid checkout: the reservation becomes the order, with its
 * lines, gift card redemptions, issued gift cards, download rights, timeline and mail. Run
 * twice (the request and a webhook, say), the second finds it CONFIRMED and answers the same
 * order. `released` means the reservation was given back before the payment was known to
 * succeed: the caller must give the money back.
 */
export async function confirmReservation(
  db: Database,
  site: SiteRecord,
  reservationId: string,
  /** `saved`: the card kept for the renewals of the order's lines that renew. */
  payment: { reference: string; captured: boolean; saved?: SavedMethod },
): Promise<{ ok: true; placed: Placed } | { ok: false; why: 'released' | 'missing' }> {
  // The order this call made (none when it was made before: a webhook, a retry).
  const made: { row?: OrderRow; optIn?: boolean } = {};
  const confirmed = await retryTransaction(db, async (tx) => {
    made.row = undefined;
    const reservation = await lockReservation(tx, reservationId);
    if (!reservation) return { ok: false, why: 'missing' } as const;
    if (reservation.state === 'RELEASED') return { ok: false, why: 'released' } as const;
    if (reservation.state === 'CONFIRMED' && reservation.orderId) {
      const row = theRow(
        await tx.select().from(orders).where(eq(orders.id, reservation.orderId)),
        'confirmed reservation order',
      );
      return {
        ok: true,
        placed: { order: await serializeOrder(tx, row), accessToken: row.accessToken, row },
      } as const;
    }
    const snap = reservation.snapshot as ReservationSnapshot;
    const row = theRow(
      await tx
        .insert(orders)
        .values({
          websiteId: site.id,
          purchasedCartId: reservation.cartId,
          accessToken: randomBytes(18).toString('base64url'),
          testMode: reservation.testMode,
          currency: reservation.currency,
          paymentProvider: reservation.paymentProvider,
          paymentReference: payment.reference,
          ...snap.order,
          // A captured charge is paid at once; an authorised one waits for the owner's capture.
          ...(payment.captured ? { status: 'PAID' as const, paidAt: new Date() } : {}),
          // Authorised only: the card waits with the order for the renewals that start at capture.
          ...(!payment.captured && payment.saved ? { savedPaymentMethod: payment.saved } : {}),
        })
        .returning(),
      'insert into orders',
    );
    await tx
      .insert(orderItems)
      .values(snap.lines.map((l) => ({ websiteId: site.id, orderId: row.id, ...l })) as never);
    await recordGiftCardRedemptions(tx, site.id, row.id, snap.gift);
    const entries = snap.lines.map((l) => ({ ...l, purchasePriceCents: l.unitPriceCents }));
    await issueGiftCards(tx, site, row, entries);
    await grantDownloads(tx, site.id, row.id, entries);
    await tx
      .update(carts)
      .set({ isPurchased: true, orderId: row.id, updatedAt: new Date() })
      .where(eq(carts.id, reservation.cartId));
    await tx
      .update(checkoutReservations)
      .set({
        state: 'CONFIRMED',
        orderId: row.id,
        paymentReference: payment.reference,
        updatedAt: new Date(),
      })
      .where(eq(checkoutReservations.id, reservation.id));
    const order = await serializeOrder(tx, row);
    // Timeline, receipt and owners' notice commit (or roll back) with the order.
    await announcePlacedOrder(tx, site, row, order);
    // Paid appointments: the held bookings the lines carry are confirmed with the order; one
    // whose hold was let go meanwhile is noted on the timeline for the owner to refund.
    const bookings = await confirmPaidBookings(tx, row, snap.lines);
    if (bookings.missed.length > 0)
      await appendOrderEvent(tx, row, 'booking-hold-lost', { bookingIds: bookings.missed });
    // Donations: each donation line is recorded apart from sales, with the donor's receipt.
    await recordDonationsOfOrder(tx, row, snap.lines);
    // Lines that renew start their subscriptions with the order (none unless it is paid).
    await startSubscriptionsOfOrder(tx, site, row, snap.lines, payment.saved);
    // Member plans: the areas the order's plans open (after the subscriptions are started, to link them).
    await grantMembershipsOfOrder(tx, site, row, snap.lines);
    made.row = row;
    made.optIn = snap.newsletterOptIn === true;
    return { ok: true, placed: { order, accessToken: row.accessToken, row } } as const;
  });
  // Committed: what follows the order starts now, outside its transaction, unawaited.
  const order = made.row;
  if (confirmed.ok && order && made.optIn)
    afterOrder('checkout newsletter opt-in', () => joinFromCheckout(db, order));
  return confirmed;
}

/**
 * Give back what an unpaid checkout took: stock, coupon uses, gift card amounts, and the
 * cart (open again, so the buyer can try another card). Only a RESERVED or ACTION
 * reservation is released; answers the state it ends in.
 */
export async function releaseReservation(
  db: Database,
  reservationId: string,
  failure: string,
): Promise<ReservationRow['state'] | 'missing'> {
  return retryTransaction(db, async (tx) => {
    const reservation = await lockReservation(tx, reservationId);
    if (!reservation) return 'missing' as const;
    if (reservation.state !== 'RESERVED' && reservation.state !== 'ACTION') return reservation.state;
    const snap = reservation.snapshot as ReservationSnapshot;
    await tx
      .update(carts)
      .set({ isPurchased: false, updatedAt: new Date() })
      .where(and(eq(carts.id, reservation.cartId), isNull(carts.orderId)));
    // In the same orders checkout takes its locks in: variants, coupons by code, cards by id.
    for (const [variantId, quantity] of snap.stock) {
      await tx
        .update(variants)
        .set({ qtyInStock: sql`${variants.qtyInStock} + ${quantity}` })
        .where(and(eq(variants.id, variantId), eq(variants.unlimited, false)));
    }
    const codes = [...snap.coupons].sort();
    if (codes.length > 0) {
      await tx
        .update(coupons)
        .set({ timesUsed: sql`greatest(${coupons.timesUsed} - 1, 0)` })
        .where(and(eq(coupons.websiteId, reservation.websiteId), inArray(coupons.code, codes)));
    }
    const taken = [...snap.gift.redemptions].sort((a, b) => (a.giftCardId < b.giftCardId ? -1 : 1));
    for (const r of taken) {
      await tx
        .update(giftCards)
        .set({
          balanceCents: sql`least(${giftCards.initialCents}, ${giftCards.balanceCents} + ${r.amountCents})`,
        })
        .where(eq(giftCards.id, r.giftCardId));
    }
    await tx
      .update(checkoutReservations)
      .set({ state: 'RELEASED', failure, updatedAt: new Date() })
      .where(eq(checkoutReservations.id, reservation.id));
    return 'RELEASED' as const;
  });
}

/** The buyer's 3-D Secure step (or a slow provider): the reservation waits, with the payment's id. */
export async function markReservation(
  db: Database,
  reservationId: string,
  change: { state?: 'ACTION'; paymentReference?: string },
): Promise<void> {
  await db
    .update(checkoutReservations)
    .set({ ...change, updatedAt: new Date() })
    .where(
      and(
        eq(checkoutReservations.id, reservationId),
        inArray(checkoutReservations.state, ['RESERVED', 'ACTION']),
      ),
    );
}
