import Stripe from 'stripe';
import type { PaymentState, SavedMethod } from './payment-provider';

/** Words for the buyer and the owner where Stripe gives none of its own. */
export const STRIPE_MESSAGES = {
  declined: 'The card was declined.',
  keyReused: 'This payment was already requested with other details.',
  invalidAmount: 'The amount must be a whole number of minor units above zero.',
  invalidCurrency: 'The currency must be a three-letter code such as USD.',
  missingToken: 'No card details were given.',
  alreadyCaptured: 'The payment was already captured: refund it instead of canceling it.',
  notCapturable: 'The authorisation was canceled or has expired: nothing can be captured.',
  noWebhookSecret:
    'No webhook signing secret is configured: add the one Stripe shows for this endpoint in the payment settings.',
  noSignature: 'The Stripe-Signature header is missing.',
  notSaved: 'No card is kept for this subscription.',
  authenticationRequired:
    'The card’s bank asked the cardholder to confirm this payment: they need to update or confirm their card.',
} as const;

/** The card kept for later, when the PaymentIntent set one up for off-session use. */
function savedOf(intent: Stripe.PaymentIntent): SavedMethod | undefined {
  if (intent.setup_future_usage !== 'off_session') return undefined;
  const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const method =
    typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  return customer && method ? { customerRef: customer, methodRef: method, label: null } : undefined;
}

/**
 * Where a PaymentIntent stands, in checkout's words. A PaymentIntent still waiting for a card
 * with no failed attempt moved no money: that is `none`.
 */
export function stateOfIntent(intent: Stripe.PaymentIntent): PaymentState {
  const reference = intent.id;
  switch (intent.status) {
    case 'succeeded': {
      const saved = savedOf(intent);
      return saved ? { state: 'captured', reference, saved } : { state: 'captured', reference };
    }
    case 'requires_capture': {
      const saved = savedOf(intent);
      return saved ? { state: 'authorised', reference, saved } : { state: 'authorised', reference };
    }
    case 'requires_action':
      // Without the client secret the browser cannot finish it; a webhook or lookup will tell.
      return intent.client_secret
        ? { state: 'action', reference, clientSecret: intent.client_secret }
        : { state: 'processing', reference };
    case 'processing':
      return { state: 'processing', reference };
    case 'canceled':
      return { state: 'canceled', reference };
    case 'requires_payment_method':
      return intent.last_payment_error
        ? {
            state: 'failed',
            reference,
            message: intent.last_payment_error.message || STRIPE_MESSAGES.declined,
          }
        : { state: 'none' };
    case 'requires_confirmation':
      return { state: 'none' };
    default:
      return {
        state: 'unknown',
        message: `Stripe answered a payment status this shop does not know: ${intent.status}.`,
      };
  }
}

/**
 * A Stripe call that threw, sorted by what the caller can conclude from it:
 * `card` — the card was refused (a value, not an error); `refused` — the keys were refused,
 * the owner must fix them; `invalid` — Stripe refused the request itself; `key-reused` — the
 * idempotency key was used with other details; `unreachable` — no answer after the SDK's own
 * retries, so nothing may be concluded.
 */
export type StripeFailure =
  | { kind: 'card'; message: string; intent?: Stripe.PaymentIntent; code?: string }
  | { kind: 'refused'; message: string }
  | { kind: 'invalid'; message: string; code?: string }
  | { kind: 'key-reused'; message: string }
  | { kind: 'unreachable'; message: string };

/** "Prefix: detail." without doubled full stops. */
function say(prefix: string, detail: string | undefined): string {
  const text = (detail ?? '').trim();
  if (!text) return `${prefix}.`;
  return /[.!?]$/.test(text) ? `${prefix}: ${text}` : `${prefix}: ${text}.`;
}

export function failureOf(error: unknown): StripeFailure {
  const E = Stripe.errors;
  if (error instanceof E.StripeCardError) {
    return {
      kind: 'card',
      message: error.message || STRIPE_MESSAGES.declined,
      intent: error.payment_intent,
      ...(error.code ? { code: error.code } : {}),
    };
  }
  if (error instanceof E.StripeAuthenticationError)
    return { kind: 'refused', message: say('The secret key was refused by Stripe', error.message) };
  if (error instanceof E.StripePermissionError)
    return { kind: 'refused', message: say('The Stripe key may not do this', error.message) };
  if (error instanceof E.StripeIdempotencyError)
    return { kind: 'key-reused', message: STRIPE_MESSAGES.keyReused };
  if (error instanceof E.StripeRateLimitError)
    return { kind: 'unreachable', message: say('Stripe asked to slow down', error.message) };
  if (error instanceof E.StripeInvalidRequestError)
    return { kind: 'invalid', message: error.message || 'Stripe refused the request.', code: error.code };
  if (error instanceof E.StripeConnectionError)
    return { kind: 'unreachable', message: say('Stripe could not be reached', error.message) };
  if (error instanceof E.StripeError)
    return { kind: 'unreachable', message: say('Stripe could not answer', error.message) };
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'unreachable', message: say('Stripe could not be reached', detail) };
}

/** Stripe's answer when a PaymentIntent is not in a state the call needs (already canceled …). */
export const UNEXPECTED_STATE = 'payment_intent_unexpected_state';
