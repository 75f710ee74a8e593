import Stripe from 'stripe';
import type { PaymentWebhookEvent } from './payment-provider';
import { STRIPE_MESSAGES } from './stripe-states';

function headerOf(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/**
 * An event reduced to what checkout needs: the PaymentIntent it concerns (the object itself
 * for payment_intent.* events; the `payment_intent` of a charge or refund) and the checkout
 * it belongs to, from the metadata the charge put on the PaymentIntent.
 */
function webhookEventOf(event: Stripe.Event): PaymentWebhookEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  const intent = object.payment_intent;
  const reference =
    object.object === 'payment_intent'
      ? text(object.id)
      : (text(intent) ??
        (intent && typeof intent === 'object' ? text((intent as { id?: unknown }).id) : undefined));
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  return {
    id: event.id,
    type: event.type,
    reference,
    reservationId: text(metadata.reservation_id),
    websiteId: text(metadata.website_id),
  };
}

/**
 * Check a Stripe webhook's signature (and that it is recent: five minutes, the SDK's tolerance)
 * against the raw body exactly as it arrived, and read it. Refusals are values.
 */
export function readStripeWebhook(
  webhookSecret: string | undefined,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
): { ok: true; event: PaymentWebhookEvent } | { ok: false; message: string } {
  if (!webhookSecret?.trim()) return { ok: false, message: STRIPE_MESSAGES.noWebhookSecret };
  const signature = headerOf(headers, 'stripe-signature');
  if (!signature) return { ok: false, message: STRIPE_MESSAGES.noSignature };
  try {
    const event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
    return { ok: true, event: webhookEventOf(event) };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The webhook was refused: ${detail}` };
  }
}
