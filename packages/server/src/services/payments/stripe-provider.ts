import { PAYMENT_SETTINGS_MESSAGES, stripeKeyMode } from '@store/api';
import Stripe from 'stripe';
import type {
  ChargeRequest,
  ConnectionCheck,
  LookupRequest,
  PaymentProvider,
  PaymentResult,
  PaymentState,
} from './payment-provider';
import { readStripeWebhook } from './stripe-webhook';
import {
  failureOf,
  STRIPE_MESSAGES,
  type StripeFailure,
  stateOfIntent,
  UNEXPECTED_STATE,
} from './stripe-states';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  /** Another API base (tests: the local server), e.g. { host: '127.0.0.1', port: 12111, protocol: 'http' }. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Time one request may take before it counts as unanswered (default 30 s). */
  timeoutMs?: number;
}

/** `STRIPE_API_BASE` (http(s)://host:port) as the SDK's address; unset or empty → Stripe's own. */
export function stripeApiBase(url: string | undefined): StripeProviderOptions['api'] {
  if (!url?.trim()) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    throw new Error(
      `STRIPE_API_BASE must be http(s)://host:port, e.g. http://127.0.0.1:12111 (got "${url}")`,
    );
  }
  const protocol = parsed.protocol === 'http:' ? 'http' : parsed.protocol === 'https:' ? 'https' : undefined;
  if (!protocol || !parsed.hostname || (parsed.pathname !== '/' && parsed.pathname !== ''))
    throw new Error(
      `STRIPE_API_BASE must be http(s)://host:port, e.g. http://127.0.0.1:12111 (got "${url}")`,
    );
  const port = parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443;
  // URL keeps IPv6 hosts in brackets; the SDK's http client wants the bare address.
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port, protocol };
}

/** The first PaymentIntent call's parameters: all of them come from what a lookup also has. */
function createParams(request: LookupRequest): Stripe.PaymentIntentCreateParams {
  return {
    amount: request.amountCents,
    currency: request.currency.toLowerCase(),
    capture_method: request.capture,
    // API 2026-09-30 and later (this SDK's) name it allowed_payment_method_types, not payment_method_types.
    allowed_payment_method_types: ['card'],
    metadata: { reservation_id: request.metadata.reservationId, website_id: request.metadata.websiteId },
    ...(request.description ? { description: request.description } : {}),
  };
}

function checkRequest(request: LookupRequest): string | undefined {
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0)
    return STRIPE_MESSAGES.invalidAmount;
  if (!/^[A-Za-z]{3}$/.test(request.currency)) return STRIPE_MESSAGES.invalidCurrency;
  return undefined;
}

function validAmount(amountCents: number): boolean {
  return Number.isSafeInteger(amountCents) && amountCents > 0;
}

function replayed(response: { lastResponse?: { headers?: Record<string, string> } }): boolean {
  return response.lastResponse?.headers?.['idempotent-replayed'] === 'true';
}

/** Settings saved without a secret key: every call says so instead of asking Stripe. */
function withoutSecretKey(options: StripeProviderOptions): PaymentProvider {
  const message = PAYMENT_SETTINGS_MESSAGES.secretKeyRequired;
  const refused = async (): Promise<PaymentResult> => ({ ok: false, message });
  return {
    name: 'stripe',
    testMode: stripeKeyMode(options.publishableKey) !== 'live',
    browser: () => ({
      provider: 'stripe',
      publishableKey: options.publishableKey,
      livemode: stripeKeyMode(options.publishableKey) === 'live',
    }),
    charge: async () => ({ state: 'failed', message }),
    // Without a key nothing can be asked, so nothing may be concluded.
    lookup: async () => ({ state: 'unknown', message }),
    cancel: refused,
    capture: refused,
    refund: refused,
    checkConnection: async () => ({ ok: false, message }),
    webhook: (rawBody, headers) => readStripeWebhook(options.webhookSecret, rawBody, headers),
  };
}

/**
 * Stripe behind the PaymentProvider interface, through the official SDK. A charge is two
 * calls, each with an idempotency key derived from the checkout's: create the PaymentIntent
 * (`<key>:create`, no money moves), then confirm it with the buyer's PaymentMethod
 * (`<key>:confirm`). Any retry of either, by the SDK or by checkout, answers the first result,
 * and replaying the create step is how a lookup finds the payment without knowing its id.
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  if (!options.secretKey.trim()) return withoutSecretKey(options);
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 30_000,
    appInfo: { name: 'Juniper' },
    ...(options.api ?? {}),
  });
  const testMode = stripeKeyMode(options.secretKey) === 'test';

  async function retrieve(reference: string): Promise<Stripe.PaymentIntent | StripeFailure> {
    try {
      return await stripe.paymentIntents.retrieve(reference);
    } catch (error) {
      return failureOf(error);
    }
  }

  /** Where a known PaymentIntent stands; a failure to ask concludes nothing. */
  async function stateOf(reference: string): Promise<PaymentState> {
    const found = await retrieve(reference);
    if ('kind' in found) return { state: 'unknown', message: found.message };
    return stateOfIntent(found);
  }

  /** After a refused confirm: the PaymentIntent's own record says what the key's payment did. */
  async function stateAfterConfirmRefusal(reference: string, fallback: string): Promise<PaymentState> {
    const state = await stateOf(reference);
    return state.state === 'none' ? { state: 'failed', reference, message: fallback } : state;
  }

  async function confirm(request: ChargeRequest, reference: string): Promise<PaymentState> {
    try {
      const intent = await stripe.paymentIntents.confirm(
        reference,
        { payment_method: request.token, ...(request.returnUrl ? { return_url: request.returnUrl } : {}) },
        { idempotencyKey: `${request.idempotencyKey}:confirm` },
      );
      // A replay answers the PaymentIntent as it was then; 3-D Secure may have finished since.
      return replayed(intent) ? await stateOf(reference) : stateOfIntent(intent);
    } catch (error) {
      const failure = failureOf(error);
      switch (failure.kind) {
        case 'card':
          return failure.intent?.last_payment_error
            ? stateOfIntent(failure.intent)
            : { state: 'failed', reference, message: failure.message };
        case 'key-reused':
          return stateAfterConfirmRefusal(reference, failure.message);
        case 'invalid':
          return failure.code === UNEXPECTED_STATE
            ? stateAfterConfirmRefusal(reference, failure.message)
            : { state: 'failed', reference, message: failure.message };
        case 'refused':
          return { state: 'failed', reference, message: failure.message };
        case 'unreachable':
          return { state: 'unknown', message: failure.message };
      }
    }
  }

  /** What to answer when Stripe refuses a cancel or capture because of the intent's state. */
  async function explainState(reference: string, fallback: string, okWhen: string): Promise<PaymentResult> {
    const found = await retrieve(reference);
    if ('kind' in found) return { ok: false, message: found.message };
    if (found.status === okWhen) return { ok: true };
    if (okWhen === 'canceled' && found.status === 'succeeded')
      return { ok: false, message: STRIPE_MESSAGES.alreadyCaptured };
    if (okWhen === 'succeeded' && found.status === 'canceled')
      return { ok: false, message: STRIPE_MESSAGES.notCapturable };
    return { ok: false, message: fallback };
  }

  return {
    name: 'stripe',
    testMode,
    browser: () => ({ provider: 'stripe', publishableKey: options.publishableKey, livemode: !testMode }),

    async charge(request) {
      const invalid = checkRequest(request) ?? (request.token ? undefined : STRIPE_MESSAGES.missingToken);
      if (invalid) return { state: 'failed', message: invalid };
      let created: Stripe.PaymentIntent;
      try {
        created = await stripe.paymentIntents.create(createParams(request), {
          idempotencyKey: `${request.idempotencyKey}:create`,
        });
      } catch (error) {
        const failure = failureOf(error);
        return failure.kind === 'unreachable'
          ? { state: 'unknown', message: failure.message }
          : { state: 'failed', message: failure.message };
      }
      return confirm(request, created.id);
    },

    async lookup(request, reference) {
      if (reference) return stateOf(reference);
      // A request Stripe would refuse before creating anything was never charged.
      if (checkRequest(request)) return { state: 'none' };
      let created: Stripe.PaymentIntent;
      try {
        // The same parameters under the same key: Stripe answers the PaymentIntent the charge
        // created, or creates one that is never confirmed (no money moves).
        created = await stripe.paymentIntents.create(createParams(request), {
          idempotencyKey: `${request.idempotencyKey}:create`,
        });
      } catch (error) {
        const failure = failureOf(error);
        return failure.kind === 'invalid'
          ? { state: 'none' }
          : { state: 'unknown', message: failure.message };
      }
      return stateOf(created.id);
    },

    async cancel(reference) {
      try {
        await stripe.paymentIntents.cancel(reference);
        return { ok: true };
      } catch (error) {
        const failure = failureOf(error);
        if (failure.kind === 'invalid' && failure.code === UNEXPECTED_STATE)
          return explainState(reference, failure.message, 'canceled');
        return { ok: false, message: failure.message };
      }
    },

    async capture(reference, amountCents, idempotencyKey) {
      if (!validAmount(amountCents)) return { ok: false, message: STRIPE_MESSAGES.invalidAmount };
      try {
        await stripe.paymentIntents.capture(
          reference,
          { amount_to_capture: amountCents },
          idempotencyKey ? { idempotencyKey } : undefined,
        );
        return { ok: true };
      } catch (error) {
        const failure = failureOf(error);
        if (failure.kind === 'invalid' && failure.code === UNEXPECTED_STATE)
          return explainState(reference, failure.message, 'succeeded');
        return { ok: false, message: failure.message };
      }
    },

    async refund(reference, amountCents, idempotencyKey) {
      if (!validAmount(amountCents)) return { ok: false, message: STRIPE_MESSAGES.invalidAmount };
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: reference, amount: amountCents },
          idempotencyKey ? { idempotencyKey } : undefined,
        );
        if (refund.status === 'failed' || refund.status === 'canceled')
          return {
            ok: false,
            message: `Stripe could not refund the payment (${refund.failure_reason ?? refund.status}).`,
          };
        return { ok: true };
      } catch (error) {
        return { ok: false, message: failureOf(error).message };
      }
    },

    async checkConnection(): Promise<ConnectionCheck> {
      const publishable = stripeKeyMode(options.publishableKey);
      const secret = stripeKeyMode(options.secretKey);
      if (!publishable) return { ok: false, message: PAYMENT_SETTINGS_MESSAGES.publishableKeyFormat };
      if (!secret) return { ok: false, message: PAYMENT_SETTINGS_MESSAGES.secretKeyFormat };
      if (publishable !== secret)
        return {
          ok: false,
          message: PAYMENT_SETTINGS_MESSAGES.mixedModes
            .replace('{publishable}', publishable)
            .replace('{secret}', secret),
        };
      // The owner is waiting on the answer: one try, no backing off.
      const quick = { maxNetworkRetries: 0, timeout: Math.min(options.timeoutMs ?? 10_000, 10_000) };
      let balance: Stripe.Balance;
      try {
        balance = await stripe.balance.retrieve(undefined, quick);
      } catch (error) {
        return { ok: false, message: failureOf(error).message };
      }
      // The account's id is a courtesy: a restricted key may not read it.
      const account = await stripe.accounts.retrieveCurrent(undefined, quick).then(
        (a) => a.id,
        () => undefined,
      );
      return { ok: true, livemode: balance.livemode, ...(account ? { account } : {}) };
    },

    webhook: (rawBody, headers) => readStripeWebhook(options.webhookSecret, rawBody, headers),
  };
}
