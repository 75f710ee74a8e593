import { PAYMENT_SETTINGS_MESSAGES, stripeKeyMode } from '@store/api';
import Stripe from 'stripe';
import type {
  ChargeRequest,
  ConnectionCheck,
  LookupRequest,
  PaymentProvider,
  PaymentResult,
  PaymentState,
  SavedChargeRequest,
  SavedMethod,
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

/**
 * The first PaymentIntent call's parameters: all of them come from what a lookup also has.
 * A card kept for renewals belongs to a Customer and is set up for off-session use.
 */
function createParams(request: LookupRequest, customer?: string): Stripe.PaymentIntentCreateParams {
  return {
    ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
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

  /** The Customer a kept card belongs to: one per checkout key, so a retry makes no second one. */
  async function customerFor(request: LookupRequest): Promise<string> {
    const customer = await stripe.customers.create(
      {
        email: request.saveForLater?.email ?? '',
        metadata: { website_id: request.metadata.websiteId },
      },
      { idempotencyKey: `${request.idempotencyKey}:customer` },
    );
    return customer.id;
  }

  /** "Visa ending 4242" for a kept card; a failure to ask leaves the label out. */
  async function withLabel(state: PaymentState): Promise<PaymentState> {
    if ((state.state !== 'captured' && state.state !== 'authorised') || !state.saved) return state;
    try {
      const method = await stripe.paymentMethods.retrieve(state.saved.methodRef);
      const card = method.card;
      if (!card) return state;
      const brand = card.brand ? card.brand[0]?.toUpperCase() + card.brand.slice(1) : 'Card';
      const saved: SavedMethod = { ...state.saved, label: `${brand} ending ${card.last4}` };
      return { ...state, saved };
    } catch {
      return state;
    }
  }

  /**
   * A renewal: one PaymentIntent created and confirmed off-session in one call, keyed by the
   * renewal's key, so the same key again answers the same payment (a crash's recovery). A
   * card that needs its holder (`authentication_required`) or is declined answers `failed`.
   */
  async function chargeSaved(request: SavedChargeRequest): Promise<PaymentState> {
    const invalid = checkRequest({
      amountCents: request.amountCents,
      currency: request.currency,
      idempotencyKey: request.idempotencyKey,
      capture: 'automatic',
      metadata: { reservationId: '', websiteId: '' },
    });
    if (invalid) return { state: 'failed', message: invalid };
    if (!request.customerRef || !request.methodRef)
      return { state: 'failed', message: STRIPE_MESSAGES.notSaved };
    try {
      const intent = await stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency.toLowerCase(),
          customer: request.customerRef,
          payment_method: request.methodRef,
          off_session: true,
          confirm: true,
          metadata: request.metadata,
          ...(request.description ? { description: request.description } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      const state = stateOfIntent(intent);
      // Off-session there is nobody to finish 3-D Secure: the renewal failed.
      if (state.state === 'action')
        return { state: 'failed', reference: intent.id, message: STRIPE_MESSAGES.authenticationRequired };
      return state;
    } catch (error) {
      const failure = failureOf(error);
      switch (failure.kind) {
        case 'card': {
          const reference = failure.intent?.id;
          const message =
            failure.code === 'authentication_required'
              ? STRIPE_MESSAGES.authenticationRequired
              : failure.message;
          return { state: 'failed', ...(reference ? { reference } : {}), message };
        }
        case 'unreachable':
          return { state: 'unknown', message: failure.message };
        default:
          return { state: 'failed', message: failure.message };
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
        const customer = request.saveForLater ? await customerFor(request) : undefined;
        created = await stripe.paymentIntents.create(createParams(request, customer), {
          idempotencyKey: `${request.idempotencyKey}:create`,
        });
      } catch (error) {
        const failure = failureOf(error);
        return failure.kind === 'unreachable'
          ? { state: 'unknown', message: failure.message }
          : { state: 'failed', message: failure.message };
      }
      return withLabel(await confirm(request, created.id));
    },

    async chargeSaved(request) {
      return chargeSaved(request);
    },

    async saveMethod({ token, customerRef, email, websiteId }) {
      if (!token) return { ok: false, message: STRIPE_MESSAGES.missingToken };
      try {
        const customer =
          customerRef ??
          (
            await stripe.customers.create(
              { email, metadata: { website_id: websiteId } },
              { idempotencyKey: `save:${token}:customer` },
            )
          ).id;
        const method = await stripe.paymentMethods.attach(
          token,
          { customer },
          { idempotencyKey: `save:${token}:${customer}` },
        );
        const card = method.card;
        const brand = card?.brand ? card.brand[0]?.toUpperCase() + card.brand.slice(1) : 'Card';
        return {
          ok: true,
          customerRef: customer,
          methodRef: method.id,
          label: card ? `${brand} ending ${card.last4}` : null,
        };
      } catch (error) {
        return { ok: false, message: failureOf(error).message };
      }
    },

    async lookup(request, reference) {
      if (reference) return stateOf(reference);
      // A request Stripe would refuse before creating anything was never charged.
      if (checkRequest(request)) return { state: 'none' };
      let created: Stripe.PaymentIntent;
      try {
        // The same parameters under the same key: Stripe answers the PaymentIntent the charge
        // created, or creates one that is never confirmed (no money moves).
        const customer = request.saveForLater ? await customerFor(request) : undefined;
        created = await stripe.paymentIntents.create(createParams(request, customer), {
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
