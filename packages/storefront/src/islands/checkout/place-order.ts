import type { ApiOutput } from '@store/api/client';
import { ApiFailure, api } from '../../api';
import type { CardErrors, CardFields } from './card-fields';
import type { CardTokenizer } from './card-tokenizer';
import type { CheckoutFields } from './validate-checkout';

export type PendingPayment = { status: 'action' | 'waiting'; reservationId: string; clientSecret?: string };

export type PlaceOrderResult =
  | { ok: true; confirmationUrl: string }
  | { ok: false; cardErrors: CardErrors }
  /** The provider has not finished: the buyer confirms it (3-D Secure), or it is still deciding. */
  | { ok: 'pending'; payment: PendingPayment };

/** Sends after a network failure before giving up: the answer may have been lost, not the order. */
export const NETWORK_RETRIES = 2;

/** The checkout's answer (also what finishing a 3-D Secure payment answers) as the form follows it. */
export function checkoutResult(answer: ApiOutput<'POST /api/commerce/checkout'>): PlaceOrderResult {
  if ('payment' in answer) return { ok: 'pending', payment: answer.payment };
  const { order, confirmationUrl } = answer;
  return {
    ok: true,
    confirmationUrl: confirmationUrl ?? `/checkout/order-confirmed?orderId=${encodeURIComponent(order.id)}`,
  };
}

/**
 * A new key per attempt (a new card token is a new request): 128 random bits as hex
 * (getRandomValues works on plain-HTTP pages too, where randomUUID does not exist).
 */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

/**
 * Pay and place the order: the card becomes a token first (the number goes to the tokenizer
 * only), then the checkout call carries the token, the amount due the buyer was shown
 * (`expectedTotal`: the server refuses to charge another, 409 TOTAL_CHANGED) and an
 * Idempotency-Key. When the network fails the same call is sent again with the same key: if
 * the order was placed and only its answer lost, the server answers that order instead of
 * placing a second. A refused card answers its field errors; a declined payment or any other
 * failure throws the ApiFailure for the form to show.
 */
export async function placeOrder(input: {
  fields: CheckoutFields;
  card: CardFields;
  tokenize: CardTokenizer;
  /** Whose token it is: the built-in test form's (default) or a Stripe PaymentMethod id. */
  provider?: 'test' | 'stripe';
  needsShipping: boolean;
  /** A subscription cart's token (spec §7), instead of the visitor's cart. */
  cartToken: string | null;
  /** The amount due the summary shows, in minor units (not known for a subscription cart). */
  expectedTotal?: number | undefined;
  /** The buyer ticked the store's "Keep me posted" box. */
  newsletterOptIn?: boolean;
  /** Waits between network retries (tests shorten it). */
  retryDelayMs?: number;
}): Promise<PlaceOrderResult> {
  const { fields, needsShipping, cartToken } = input;
  const tokenized = await input.tokenize(input.card);
  if (!tokenized.ok) return { ok: false, cardErrors: tokenized.errors };
  const body = {
    email: fields.email.trim(),
    ...(cartToken ? { cartToken } : {}),
    shippingAddress: needsShipping
      ? {
          firstName: fields.firstName,
          lastName: fields.lastName,
          address1: fields.address1,
          address2: fields.address2.trim() || undefined,
          city: fields.city,
          region: fields.state || undefined,
          postalCode: fields.postalCode,
          country: fields.country,
        }
      : undefined,
    shippingOptionId: needsShipping && fields.shippingOptionId ? fields.shippingOptionId : undefined,
    payment: { provider: input.provider ?? 'test', token: tokenized.token },
    ...(input.expectedTotal !== undefined ? { expectedTotal: input.expectedTotal } : {}),
    ...(input.newsletterOptIn ? { newsletterOptIn: true } : {}),
  };
  const headers = { 'idempotency-key': newIdempotencyKey() };
  for (let attempt = 0; ; attempt++) {
    try {
      return checkoutResult(await api('POST /api/commerce/checkout', { body, headers }));
    } catch (e) {
      const lostAnswer = e instanceof ApiFailure && (e.offline || e.code === 'IDEMPOTENCY_KEY_IN_USE');
      if (!lostAnswer || attempt >= NETWORK_RETRIES) throw e;
      await new Promise((resolve) => setTimeout(resolve, input.retryDelayMs ?? 1000));
    }
  }
}
