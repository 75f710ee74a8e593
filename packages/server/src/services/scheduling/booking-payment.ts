import { ProductType } from '@store/commerce';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { selectRows } from '../../db/rows';
import {
  cartEntries,
  items,
  schedulingBookings,
  schedulingTypeProducts,
  schedulingTypes,
  variants,
} from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import { addHiddenProduct, type HiddenStore } from '../catalog-admin/hidden-store';
import { type CartOwner, createCart, findOpenCart, touchCart } from '../cart/cart-store';
import { hashToken } from './clock';
import { announceBooking } from './booking-mail';
import { freeClaimIfEmpty } from './claims';

/**
 * Paid appointment types. A paid booking is held (`pending_payment`, with `hold_expires_at`);
 * its cart line (the type's service product, spec product type 3) carries the booking's id in
 * its additional fields under BOOKING_LINE_FIELD. The order that pays for it confirms it (in
 * the order's own transaction, with the confirmation mail); a hold nobody paid for in time is
 * let go by the sweeper, unless a checkout holding its line is still deciding.
 */
export const BOOKING_LINE_FIELD = 'bookingId';

/** The booking ids an order's lines pay for. */
export function bookingIdsOf(lines: readonly { additionalFields?: unknown }[]): string[] {
  const ids = new Set<string>();
  for (const line of lines) {
    const fields = line.additionalFields;
    if (fields && typeof fields === 'object' && !Array.isArray(fields)) {
      const id = (fields as Record<string, unknown>)[BOOKING_LINE_FIELD];
      if (typeof id === 'string' && id.length > 0 && id.length <= 64) ids.add(id);
    }
  }
  return [...ids].sort();
}

export interface PaidBookings {
  /** Held bookings this order confirmed now. */
  confirmed: string[];
  /** Bookings this order already confirmed earlier (a settle run twice). */
  already: string[];
  /** Bookings whose hold was let go (or that belong elsewhere): the owner refunds these. */
  missed: string[];
}

/**
 * Inside the transaction that writes a paid (or authorised) order: each held booking its lines
 * carry becomes `confirmed` with the order's id, and its confirmation mail (with the invitation
 * and the manage link kept from the booking) is queued with the order. Run twice, the second
 * finds them confirmed by this order and does nothing. A booking whose hold was let go meanwhile
 * stays cancelled and is answered in `missed` (its time may be someone else's by now).
 */
export async function confirmPaidBookings(
  tx: Tx,
  order: { id: string; websiteId: string },
  lines: readonly { additionalFields?: unknown }[],
  now = new Date(),
): Promise<PaidBookings> {
  const out: PaidBookings = { confirmed: [], already: [], missed: [] };
  for (const id of bookingIdsOf(lines)) {
    const [row] = await selectRows<{ id: string }>(
      tx,
      sql`update scheduling_bookings
        set status = 'confirmed', order_id = ${order.id}, hold_expires_at = null, updated_at = ${now.toISOString()}::timestamptz
        where id = ${id} and website_id = ${order.websiteId} and status = 'pending_payment'
        returning id`,
    );
    if (row) {
      out.confirmed.push(id);
      await announceBooking(tx, id, { kind: 'confirmed' }, now);
      continue;
    }
    const [paid] = await selectRows<{ id: string }>(
      tx,
      sql`select id from scheduling_bookings
        where id = ${id} and website_id = ${order.websiteId} and order_id = ${order.id} and status <> 'cancelled'`,
    );
    (paid ? out.already : out.missed).push(id);
  }
  return out;
}

/** Holds released per statement (the next sweep takes the rest). */
export const HOLD_SWEEP_BATCH = 200;

/**
 * A checkout of a cart whose line carries the booking is still deciding (reserved, or waiting
 * for the buyer's 3-D Secure step): its hold must not be let go under it.
 */
const IN_CHECKOUT = sql`exists (
  select 1 from checkout_reservations r
  join cart_entries e on e.cart_id = r.cart_id
  where r.state in ('RESERVED', 'ACTION') and e.additional_fields ->> 'bookingId' = b.id)`;

/**
 * Let go of payment holds that expired: the booking becomes `cancelled` (no mail: an unpaid
 * hold is nobody's news) and its staff time is free again. Every process may sweep; each hold
 * is taken by one (SKIP LOCKED). Answers how many were let go.
 */
export async function sweepExpiredHolds(db: Database, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const released = await retryTransaction(db, async (tx) => {
      const rows = await selectRows<{ claim_id: string }>(
        tx,
        sql`update scheduling_bookings set status = 'cancelled', cancelled_at = ${now.toISOString()}::timestamptz, updated_at = ${now.toISOString()}::timestamptz
          where id in (
            select b.id from scheduling_bookings b
            where b.status = 'pending_payment' and b.hold_expires_at <= ${now.toISOString()}::timestamptz
              and not ${IN_CHECKOUT}
            order by b.hold_expires_at
            limit ${HOLD_SWEEP_BATCH}
            for update skip locked)
          and status = 'pending_payment'
          returning claim_id`,
      );
      for (const claimId of [...new Set(rows.map((r) => r.claim_id))].sort())
        await freeClaimIfEmpty(tx, claimId);
      return rows.length;
    });
    total += released;
    if (released < HOLD_SWEEP_BATCH) return total;
  }
}

// ------------------------------------------------------------------ the pay step

const APPOINTMENTS_STORE: HiddenStore = { urlId: 'appointments', title: 'Appointments' };

/**
 * The type's service product, made on first need and kept at the type's name and price: an
 * item in the site's own "Appointments" store (a products page that is turned off, so nothing
 * of it is listed to visitors), with one unlimited variant.
 */
export async function serviceProductFor(
  tx: Tx,
  websiteId: string,
  type: { id: string; name: string; priceMinor: number },
): Promise<{ itemId: string; sku: string }> {
  const [known] = await tx
    .select()
    .from(schedulingTypeProducts)
    .where(eq(schedulingTypeProducts.typeId, type.id));
  if (known) {
    await tx.update(items).set({ title: type.name }).where(eq(items.id, known.itemId));
    await tx
      .update(variants)
      .set({ priceCents: type.priceMinor })
      .where(and(eq(variants.websiteId, websiteId), eq(variants.sku, known.sku)));
    return { itemId: known.itemId, sku: known.sku };
  }
  const { itemId, sku } = await addHiddenProduct(tx, websiteId, APPOINTMENTS_STORE, {
    urlId: `booking-${type.id}`,
    title: type.name,
    productType: ProductType.SERVICE,
    sku: `BOOKING-${type.id}`.slice(0, 64),
    priceMinor: type.priceMinor,
  });
  await tx.insert(schedulingTypeProducts).values({ typeId: type.id, websiteId, itemId, sku });
  return { itemId, sku };
}

export interface PayStep {
  bookingId: string;
  holdExpiresAt: string;
  /** The cart's token when this step made the visitor's cart (the route sets the cookie). */
  createdToken?: string;
}

/**
 * The visitor pays for a held booking (by its manage link): the type's service product goes
 * into the visitor's cart as one line carrying the booking's id (added once, however often
 * this is asked), and checkout takes it from there. Only a live hold can be paid for.
 */
export async function payForBooking(
  db: Database,
  siteId: string,
  owner: CartOwner,
  token: string,
  now = new Date(),
): Promise<Outcome<PayStep>> {
  return asOutcome(() =>
    retryTransaction(db, async (tx) => {
      const [booking] = await tx
        .select()
        .from(schedulingBookings)
        .where(
          and(
            eq(schedulingBookings.websiteId, siteId),
            eq(schedulingBookings.manageTokenHash, hashToken(token)),
          ),
        )
        .for('update');
      if (!booking) throw new Rejection('BOOKING_LINK_INVALID');
      if (booking.status !== 'pending_payment' || !booking.holdExpiresAt || booking.holdExpiresAt <= now)
        throw new Rejection('BOOKING_NOT_ACTIVE');
      const [type] = await tx.select().from(schedulingTypes).where(eq(schedulingTypes.id, booking.typeId));
      if (!type) throw new Rejection('SCHEDULING_NOT_FOUND', { what: 'That appointment type' });
      const product = await serviceProductFor(tx, siteId, {
        id: type.id,
        name: type.name,
        // The price the booking was made at: a later change of the type's price does not touch it.
        priceMinor: booking.priceMinor,
      });
      const existing = await findOpenCart(tx, owner, true);
      const cart = existing ?? (await createCart(tx, owner));
      await tx
        .insert(cartEntries)
        .values({
          websiteId: siteId,
          cartId: cart.id,
          itemId: product.itemId,
          sku: product.sku,
          quantity: 1,
          additionalFields: { [BOOKING_LINE_FIELD]: booking.id },
          mergeKey: `booking:${booking.id}`,
        })
        .onConflictDoNothing();
      await touchCart(tx, cart.id);
      return {
        bookingId: booking.id,
        holdExpiresAt: booking.holdExpiresAt.toISOString(),
        ...(existing ? {} : { createdToken: cart.token }),
      };
    }),
  );
}

/**
 * The order that paid for bookings is cancelled or refunded in full (the owner's money action,
 * in its transaction): the bookings it paid for are cancelled too, their time freed, and the
 * visitor and staff member told with the cancelling invitation. A partial refund keeps them.
 */
export async function cancelBookingsOfOrder(
  tx: Tx,
  order: { id: string; websiteId: string },
): Promise<string[]> {
  const now = new Date().toISOString();
  const rows = await selectRows<{ id: string; claim_id: string; status: string }>(
    tx,
    sql`update scheduling_bookings set status = 'cancelled', cancelled_at = ${now}::timestamptz, updated_at = ${now}::timestamptz
      where website_id = ${order.websiteId} and order_id = ${order.id} and status in ('confirmed', 'pending_payment')
      returning id, claim_id`,
  );
  for (const claimId of [...new Set(rows.map((r) => r.claim_id))].sort()) await freeClaimIfEmpty(tx, claimId);
  for (const row of rows) await announceBooking(tx, row.id, { kind: 'cancelled' });
  return rows.map((r) => r.id);
}
