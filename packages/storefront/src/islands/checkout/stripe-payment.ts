import { ApiFailure, api } from '../../api';
import type { CardTokenizer } from './card-tokenizer';
import { checkoutResult, NETWORK_RETRIES, type PendingPayment, type PlaceOrderResult } from './place-order';
import type { StripeBillingDetails, StripeCardElement, StripeJs } from './stripe-js';
import type { CheckoutFields } from './validate-checkout';

const STRIPE_UNREACHABLE = 'The card could not be checked. Check your connection and try again.';

/** Only the parts that were filled in. */
function filled<T extends Record<string, string>>(parts: T): Partial<T> {
  return Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== '')) as Partial<T>;
}

/** Who pays, as Stripe keeps it with the card: the name, e-mail and address typed above. */
export function billingDetails(fields: CheckoutFields, withAddress: boolean): StripeBillingDetails {
  const details: StripeBillingDetails = filled({
    name: `${fields.firstName.trim()} ${fields.lastName.trim()}`.trim(),
    email: fields.email.trim(),
  });
  if (withAddress)
    details.address = filled({
      line1: fields.address1.trim(),
      line2: fields.address2.trim(),
      city: fields.city.trim(),
      state: fields.state.trim(),
      postal_code: fields.postalCode.trim(),
      country: fields.country,
    });
  return details;
}

/**
 * Stripe's card field as checkout's tokenizer: Stripe.js sends the card to Stripe from its own
 * frame and answers a PaymentMethod id (`pm_…`), the token checkout sends. What Stripe.js finds
 * wrong with the card ("Your card number is incomplete.") is the card field's error.
 */
export function stripeTokenizer(
  stripe: StripeJs,
  card: StripeCardElement | null,
  billing: StripeBillingDetails,
): CardTokenizer {
  return async () => {
    if (!card) return { ok: false, errors: { number: STRIPE_UNREACHABLE } };
    const made = await stripe
      .createPaymentMethod({ type: 'card', card, billing_details: billing })
      .catch(() => ({ error: { type: 'api_connection_error', message: STRIPE_UNREACHABLE } }));
    if ('paymentMethod' in made && made.paymentMethod)
      return {
        ok: true,
        token: made.paymentMethod.id,
        brand: made.paymentMethod.card?.brand ?? 'card',
        last4: made.paymentMethod.card?.last4 ?? '',
      };
    const message = ('error' in made && made.error?.message) || STRIPE_UNREACHABLE;
    return { ok: false, errors: { number: message } };
  };
}

/**
 * The bank wants the buyer (3-D Secure): Stripe.js shows the bank's window, then the server
 * is asked where the payment stands now (it asks Stripe, whatever the window said): the
 * order (200), still pending (202), or the decline's words (402, thrown as an ApiFailure). A
 * lost answer is asked again: finishing the same payment twice places one order.
 */
export async function finishStripeAction(
  stripe: StripeJs,
  payment: PendingPayment,
  retryDelayMs = 1000,
): Promise<PlaceOrderResult> {
  if (payment.clientSecret)
    await stripe.handleNextAction({ clientSecret: payment.clientSecret }).catch(() => undefined);
  const params = { reservationId: payment.reservationId };
  for (let attempt = 0; ; attempt++) {
    try {
      return checkoutResult(
        await api('POST /api/commerce/checkout/payments/:reservationId/complete', { params }),
      );
    } catch (e) {
      if (!(e instanceof ApiFailure && e.offline) || attempt >= NETWORK_RETRIES) throw e;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
    }
  }
}
