import type { Database } from '../db/client';
import { retryTransaction } from '../db/retry-transaction';
import { asOutcome, type Outcome } from '../reasons';
import { type CartOwner, findOpenCart } from './cart/cart-store';
import { chargeKey, chargeLookup, type Settled, settlePayment } from './checkout/payment-outcome';
import { type CheckoutInput, RESERVATION_SECONDS, reserveCheckout } from './checkout/reserve';
import { confirmReservation } from './checkout/settle';
import { acknowledgeGiftCardBalances } from './gift-cards/gift-card-cart';
import type { CaptureMode, PaymentProvider, PaymentState } from './payments/payment-provider';
import type { SiteRecord } from './site.service';

export type { CheckoutInput, ShippingAddress } from './checkout/reserve';
export type { Settled } from './checkout/payment-outcome';

/** The points between checkout's steps; a test can stop the process at one (crash tests). */
export type CheckoutPoint = 'reserved' | 'charged' | 'confirmed';

export interface CheckoutOptions {
  capture: CaptureMode;
  reservationSeconds?: number;
  /** Called as each step completes (crash-point tests kill the process here). */
  reached?: (point: CheckoutPoint) => void;
  /** Shown in the provider's dashboard. */
  description?: string;
  returnUrl?: string;
}

/**
 * Checkout as three steps, none of which holds a row lock across the network:
 * 1. reserve (one short transaction): stock, coupon uses and gift card amounts are taken and
 *    the order is written down as a reservation; the cart is closed;
 * 2. charge the provider, outside any transaction, keyed by the reservation (`checkout:<id>`),
 *    so asking again never charges twice;
 * 3. settle (a second transaction): paid → the order; refused → everything given back.
 * A crash between steps leaves a reservation the scheduler settles from the provider's own
 * record of the key (checkout/reconcile.ts).
 */
export async function placeOrder(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  input: CheckoutInput,
  provider: PaymentProvider,
  options: CheckoutOptions,
): Promise<Outcome<Settled>> {
  // A page made for another provider holds a token this one cannot charge.
  if (input.payment.provider && input.payment.provider !== provider.name)
    return { ok: false, reason: 'PAYMENT_OPTIONS_CHANGED' };
  const reserved = await asOutcome(() =>
    retryTransaction(db, (tx) =>
      reserveCheckout(
        tx,
        site,
        owner,
        input,
        { name: provider.name, testMode: provider.testMode, capture: options.capture },
        options.reservationSeconds ?? RESERVATION_SECONDS,
      ),
    ),
  );
  if (!reserved.ok) {
    // The refusal told the buyer the new total: placing the order again now charges it.
    if (reserved.reason === 'GIFT_CARD_SPENT') await acknowledgeCart(db, owner);
    return reserved;
  }
  const reservation = reserved.value;
  options.reached?.('reserved');

  if (reservation.amountCents === 0) {
    // Gift cards paid it all: nothing to charge.
    const confirmed = await confirmReservation(db, site, reservation.id, {
      reference: 'gift-cards',
      captured: true,
    });
    if (!confirmed.ok)
      return { ok: true, value: { kind: 'failed', message: 'The order could not be placed.' } };
    options.reached?.('confirmed');
    return { ok: true, value: { kind: 'placed', placed: confirmed.placed } };
  }

  let answer: PaymentState;
  try {
    answer = await provider.charge({
      ...chargeLookup(reservation),
      idempotencyKey: chargeKey(reservation.id),
      token: input.payment.token,
      ...(options.description ? { description: options.description } : {}),
      ...(options.returnUrl ? { returnUrl: options.returnUrl } : {}),
    });
  } catch (error) {
    // An adapter should answer 'unknown' itself; if it threw, the charge may or may not exist.
    answer = { state: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
  options.reached?.('charged');
  const settled = await settlePayment(db, site, reservation, provider, answer);
  options.reached?.('confirmed');
  return { ok: true, value: settled };
}

async function acknowledgeCart(db: Database, owner: CartOwner): Promise<void> {
  const cart = await findOpenCart(db, owner);
  if (cart) await acknowledgeGiftCardBalances(db, cart.id);
}
