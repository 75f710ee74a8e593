import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { checkoutReservations, orders, websites } from '../../db/schema/index';
import { serializeOrder } from '../order.service';
import type { PaymentProvider, PaymentState } from '../payments/payment-provider';
import type { SiteRecord } from '../site.service';
import { chargeLookup, type Settled, settlePayment } from './payment-outcome';
import type { ReservationRow } from './reserve';
import { confirmReservation } from './settle';

/** A reservation still RESERVED this long after it was made lost its request (a crash): settle it. */
export const STALE_RESERVATION_SECONDS = 5 * 60;

/**
 * Settle one reservation from the provider's own record of its charge: the buyer's return
 * from 3-D Secure, a webhook, and the scheduler all come here, and all end the same way
 * however often and in whatever order they arrive. `final`: the reservation's time is up.
 */
export async function settleReservation(
  db: Database,
  site: SiteRecord,
  reservation: ReservationRow,
  provider: PaymentProvider | undefined,
  options: { final?: boolean; abandoned?: boolean } = {},
): Promise<Settled> {
  if (reservation.state === 'CONFIRMED' && reservation.orderId) {
    const [row] = await db.select().from(orders).where(eq(orders.id, reservation.orderId));
    if (row)
      return {
        kind: 'placed',
        placed: { order: await serializeOrder(db, row), accessToken: row.accessToken, row },
      };
  }
  if (reservation.state === 'RELEASED')
    return { kind: 'failed', message: reservation.failure ?? 'The payment was not taken.' };
  if (reservation.amountCents === 0) {
    const confirmed = await confirmReservation(db, site, reservation.id, {
      reference: 'gift-cards',
      captured: true,
    });
    return confirmed.ok
      ? { kind: 'placed', placed: confirmed.placed }
      : { kind: 'failed', message: 'The order could not be placed.' };
  }
  if (!provider) return { kind: 'waiting', reservationId: reservation.id };
  let answer: PaymentState;
  try {
    answer = await provider.lookup(chargeLookup(reservation), reservation.paymentReference ?? undefined);
  } catch (error) {
    answer = { state: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
  return settlePayment(db, site, reservation, provider, answer, options);
}

export async function findReservation(db: Database, websiteId: string, id: string) {
  const [row] = await db
    .select()
    .from(checkoutReservations)
    .where(and(eq(checkoutReservations.id, id), eq(checkoutReservations.websiteId, websiteId)));
  return row;
}

/**
 * The scheduler's sweep (also run at start, which is how a crash is reconciled): every
 * reservation whose time is up, or still RESERVED long after its request should have ended,
 * is settled from the provider. Answers how many it looked at.
 */
export async function settleStaleReservations(
  db: Database,
  providerFor: (site: SiteRecord, name: string) => Promise<PaymentProvider | undefined>,
  options: { staleSeconds?: number; limit?: number } = {},
): Promise<{ looked: number; placed: number; released: number }> {
  const r = checkoutReservations;
  const stale = options.staleSeconds ?? STALE_RESERVATION_SECONDS;
  const due = await db
    .select()
    .from(r)
    .where(
      and(
        inArray(r.state, ['RESERVED', 'ACTION']),
        or(
          lt(r.expiresAt, sql`now()`),
          and(eq(r.state, 'RESERVED'), lt(r.createdAt, sql`now() - make_interval(secs => ${stale})`)),
        ),
      ),
    )
    .orderBy(r.createdAt)
    .limit(options.limit ?? 100);
  const sites = new Map<string, SiteRecord | undefined>();
  const counts = { looked: due.length, placed: 0, released: 0 };
  for (const reservation of due) {
    if (!sites.has(reservation.websiteId)) {
      const [site] = await db.select().from(websites).where(eq(websites.id, reservation.websiteId));
      sites.set(reservation.websiteId, site);
    }
    const site = sites.get(reservation.websiteId);
    if (!site) continue;
    const provider = await providerFor(site, reservation.paymentProvider);
    const final = reservation.expiresAt.getTime() <= Date.now();
    const settled = await settleReservation(db, site, reservation, provider, { final, abandoned: true });
    if (settled.kind === 'placed') counts.placed++;
    if (settled.kind === 'failed') counts.released++;
  }
  return counts;
}
