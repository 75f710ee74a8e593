import type { Database } from '../../db/client';
import type { PaymentProvider, PaymentState } from '../payments/payment-provider';
import type { SiteRecord } from '../site.service';
import type { ReservationRow, ReservationSnapshot } from './reserve';
import { confirmReservation, markReservation, type Placed, releaseReservation } from './settle';

/** Where a checkout ends after the provider answered. */
export type Settled =
  | { kind: 'placed'; placed: Placed }
  /** The buyer must finish the payment in the browser (3-D Secure). */
  | { kind: 'action'; reservationId: string; clientSecret: string }
  /** The provider has not decided yet: a webhook or the scheduler settles it. */
  | { kind: 'waiting'; reservationId: string }
  | { kind: 'failed'; message: string };

export const SLOW_PAYMENT_MESSAGE =
  'The payment took too long to confirm and was not taken. Please place your order again.';

/** The idempotency key of a reservation's one charge. */
export const chargeKey = (reservationId: string) => `checkout:${reservationId}`;

export function chargeLookup(reservation: ReservationRow) {
  const snap = reservation.snapshot as ReservationSnapshot;
  return {
    amountCents: reservation.amountCents,
    currency: reservation.currency,
    idempotencyKey: chargeKey(reservation.id),
    capture: reservation.captureMode,
    metadata: { reservationId: reservation.id, websiteId: reservation.websiteId },
    // A cart with a line that renews keeps the card; the lookup must ask the same way.
    ...(snap?.renews ? { saveForLater: { email: snap.order.email } } : {}),
  };
}

/**
 * Act on what the provider says about a reservation's payment. Paid → the order; refused →
 * everything given back; waiting → nothing yet, unless `final` (the reservation's time is up),
 * when the payment is voided at the provider first and released only if that worked (a
 * payment that succeeded meanwhile becomes the order instead). A reservation released while
 * its payment succeeded elsewhere gets its money back.
 */
export async function settlePayment(
  db: Database,
  site: SiteRecord,
  reservation: ReservationRow,
  provider: PaymentProvider,
  answer: PaymentState,
  /** `abandoned`: the request that charged is gone (a crash); a charge the provider never saw never will be. */
  options: { final?: boolean; abandoned?: boolean } = {},
): Promise<Settled> {
  switch (answer.state) {
    case 'captured':
    case 'authorised': {
      const captured = answer.state === 'captured';
      const confirmed = await confirmReservation(db, site, reservation.id, {
        reference: answer.reference,
        captured,
        ...(answer.saved ? { saved: answer.saved } : {}),
      });
      if (confirmed.ok) return { kind: 'placed', placed: confirmed.placed };
      // Paid after the reservation was given back (its time ran out): no order, so no money.
      if (captured)
        await provider.refund(
          answer.reference,
          reservation.amountCents,
          `${chargeKey(reservation.id)}:return`,
        );
      else await provider.cancel(answer.reference);
      return { kind: 'failed', message: SLOW_PAYMENT_MESSAGE };
    }
    case 'failed':
    case 'canceled': {
      const message = answer.state === 'failed' ? answer.message : SLOW_PAYMENT_MESSAGE;
      await releaseReservation(db, reservation.id, message);
      return { kind: 'failed', message };
    }
    case 'none':
      // The provider never saw the charge: a reservation whose time is up was abandoned.
      if (!options.final && !options.abandoned) return { kind: 'waiting', reservationId: reservation.id };
      await releaseReservation(db, reservation.id, SLOW_PAYMENT_MESSAGE);
      return { kind: 'failed', message: SLOW_PAYMENT_MESSAGE };
    case 'action':
    case 'processing': {
      if (!options.final) {
        await markReservation(db, reservation.id, {
          ...(answer.state === 'action' ? { state: 'ACTION' as const } : {}),
          paymentReference: answer.reference,
        });
        return answer.state === 'action'
          ? { kind: 'action', reservationId: reservation.id, clientSecret: answer.clientSecret }
          : { kind: 'waiting', reservationId: reservation.id };
      }
      const voided = await provider.cancel(answer.reference);
      if (voided.ok) {
        await releaseReservation(db, reservation.id, SLOW_PAYMENT_MESSAGE);
        return { kind: 'failed', message: SLOW_PAYMENT_MESSAGE };
      }
      // It could not be voided: it was decided meanwhile. Ask once more and act on that.
      const now = await provider.lookup(chargeLookup(reservation), answer.reference);
      if (now.state === 'action' || now.state === 'processing')
        return { kind: 'waiting', reservationId: reservation.id };
      return settlePayment(db, site, reservation, provider, now, options);
    }
    case 'unknown':
      return { kind: 'waiting', reservationId: reservation.id };
  }
}
