import { randomBytes } from 'node:crypto';

/** A PaymentIntent as Stripe's API shows it (the fields the adapter and its tests read). */
export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  currency: string;
  capture_method: 'automatic' | 'manual';
  client_secret: string;
  created: number;
  description: string | null;
  last_payment_error: Record<string, unknown> | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  next_action: Record<string, unknown> | null;
  payment_method: string | null;
  customer: string | null;
  setup_future_usage: 'off_session' | 'on_session' | null;
  allowed_payment_method_types: string[];
  payment_method_types: string[];
  status: string;
  canceled_at: number | null;
  cancellation_reason: string | null;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  created: number;
  metadata: Record<string, string>;
}

/** One PaymentIntent and what was done to it (each counts calls that ran, not replays). */
export interface StoredIntent {
  intent: FakeIntent;
  confirms: number;
  captures: number;
  refunds: FakeRefund[];
}

/** An answer: status and JSON body; `save: false` when Stripe keeps no idempotent result. */
export interface Answer {
  status: number;
  body: unknown;
  save?: boolean;
}

type Params = Record<string, unknown>;

/** Stripe's test PaymentMethods, as its testing docs describe them. */
const TEST_CARDS: Record<
  string,
  {
    decline?: { decline_code: string; message: string };
    action?: true;
    /** Declined when charged off-session (kept for later, then refused), like 4000 0000 0000 0341. */
    offSessionDecline?: true;
    brand?: string;
    last4?: string;
  }
> = {
  pm_card_visa: { brand: 'visa', last4: '4242' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444' },
  pm_card_chargeCustomerFail: { offSessionDecline: true, brand: 'visa', last4: '0341' },
  pm_card_chargeDeclined: {
    decline: { decline_code: 'generic_decline', message: 'Your card was declined.' },
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    decline: { decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  pm_card_threeDSecure2Required: { action: true, brand: 'visa', last4: '3184' },
};

/** A customer and the cards kept for it. */
export interface FakeCustomer {
  id: string;
  object: 'customer';
  email: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

const CANCELABLE = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];
const AUTH_FAILED =
  'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const now = () => Math.floor(Date.now() / 1000);

export function stripeError(status: number, error: Record<string, unknown>, save = true): Answer {
  return { status, body: { error: { type: 'invalid_request_error', ...error } }, save };
}

function invalidParam(param: string, message: string): Answer {
  return stripeError(400, { code: 'parameter_invalid_integer', param, message }, false);
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : undefined;
}

function money(cents: number, currency: string): string {
  return `${(cents / 100).toFixed(2)} ${currency}`;
}

/** PaymentIntents and refunds, moving through states as Stripe's do for the test cards. */
export class FakeLedger {
  readonly intents = new Map<string, StoredIntent>();
  readonly customers = new Map<string, FakeCustomer>();
  /** PaymentMethod id → the customer it was kept for (setup_future_usage on a paid intent). */
  readonly attached = new Map<string, string>();

  createCustomer(params: Params): Answer {
    const customer: FakeCustomer = {
      id: id('cus'),
      object: 'customer',
      email: typeof params.email === 'string' ? params.email : null,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      created: now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return { status: 200, body: customer };
  }

  /** Keep a card for a customer without charging it (a card change). Declining cards are refused. */
  attachPaymentMethod(pmId: string, params: Params): Answer {
    const customer = typeof params.customer === 'string' ? params.customer : '';
    if (!this.customers.has(customer))
      return stripeError(
        400,
        { code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` },
        false,
      );
    const card = TEST_CARDS[pmId];
    if (card?.decline)
      return stripeError(402, { type: 'card_error', code: 'card_declined', ...card.decline });
    const known = this.retrievePaymentMethod(pmId);
    if (known.status !== 200) return known;
    this.attached.set(pmId, customer);
    return this.retrievePaymentMethod(pmId);
  }

  retrievePaymentMethod(pmId: string): Answer {
    const card = TEST_CARDS[pmId];
    if (!card)
      return stripeError(
        404,
        { code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${pmId}'` },
        false,
      );
    return {
      status: 200,
      body: {
        id: pmId,
        object: 'payment_method',
        type: 'card',
        customer: this.attached.get(pmId) ?? null,
        card: { brand: card.brand ?? 'visa', last4: card.last4 ?? '4242', exp_month: 12, exp_year: 2034 },
        livemode: false,
      },
    };
  }

  private missing(piId: string): Answer {
    return stripeError(
      404,
      { code: 'resource_missing', param: 'intent', message: `No such payment_intent: '${piId}'` },
      false,
    );
  }

  private unexpected(stored: StoredIntent, action: string, allowed: string[]): Answer {
    const { status } = stored.intent;
    return stripeError(400, {
      code: 'payment_intent_unexpected_state',
      message: `You cannot ${action} this PaymentIntent because it has a status of ${status}. Only a PaymentIntent with one of the following statuses may be ${action === 'capture' ? 'captured' : `${action}ed`}: ${allowed.join(', ')}.`,
      payment_intent: stored.intent,
    });
  }

  /** The money moved: taken at once, or held for a capture. */
  private settle(intent: FakeIntent): void {
    // A card set up for later belongs to the intent's customer from now on.
    if (intent.setup_future_usage === 'off_session' && intent.customer && intent.payment_method)
      this.attached.set(intent.payment_method, intent.customer);
    intent.latest_charge = id('ch');
    intent.next_action = null;
    intent.last_payment_error = null;
    if (intent.capture_method === 'manual') {
      intent.status = 'requires_capture';
      intent.amount_capturable = intent.amount;
    } else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
    }
  }

  create(params: Params): Answer {
    const amount = positiveInteger(params.amount);
    if (amount === undefined) return invalidParam('amount', 'Invalid positive integer');
    const currency = typeof params.currency === 'string' ? params.currency : '';
    if (!/^[a-z]{3}$/.test(currency))
      return stripeError(
        400,
        { code: 'parameter_invalid_string', param: 'currency', message: 'Invalid currency' },
        false,
      );
    const capture = params.capture_method ?? 'automatic';
    if (capture !== 'automatic' && capture !== 'manual')
      return stripeError(400, { param: 'capture_method', message: 'Invalid capture_method' }, false);
    const types = (params.allowed_payment_method_types ??
      params.payment_method_types ?? ['card']) as string[];
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer && !this.customers.has(customer))
      return stripeError(
        400,
        { code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` },
        false,
      );
    const sfu = params.setup_future_usage;
    if (sfu !== undefined && sfu !== 'off_session' && sfu !== 'on_session')
      return stripeError(400, { param: 'setup_future_usage', message: 'Invalid setup_future_usage' }, false);
    if (sfu && !customer)
      return stripeError(
        400,
        { param: 'customer', message: 'A customer is needed to save the PaymentMethod for later.' },
        false,
      );
    const piId = id('pi');
    const intent: FakeIntent = {
      id: piId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: 0,
      currency,
      capture_method: capture,
      client_secret: `${piId}_secret_${randomBytes(12).toString('hex')}`,
      created: now(),
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: { ...((params.metadata ?? {}) as Record<string, string>) },
      next_action: null,
      payment_method: null,
      customer,
      setup_future_usage: sfu ?? null,
      allowed_payment_method_types: types,
      payment_method_types: types,
      status: 'requires_payment_method',
      canceled_at: null,
      cancellation_reason: null,
    };
    this.intents.set(piId, { intent, confirms: 0, captures: 0, refunds: [] });
    if (params.confirm === 'true') {
      const offSession = params.off_session === 'true';
      const pm = typeof params.payment_method === 'string' ? params.payment_method : '';
      if (offSession && (!customer || this.attached.get(pm) !== customer))
        return stripeError(
          400,
          {
            code: 'resource_missing',
            param: 'payment_method',
            message: `The PaymentMethod '${pm}' is not attached to customer '${customer ?? ''}'.`,
          },
          false,
        );
      return this.confirm(piId, { payment_method: pm }, offSession);
    }
    return { status: 200, body: intent };
  }

  retrieve(piId: string): Answer {
    const stored = this.intents.get(piId);
    return stored ? { status: 200, body: stored.intent } : this.missing(piId);
  }

  confirm(piId: string, params: Params, offSession = false): Answer {
    const stored = this.intents.get(piId);
    if (!stored) return this.missing(piId);
    const { intent } = stored;
    const allowed = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!allowed.includes(intent.status)) return this.unexpected(stored, 'confirm', allowed);
    const pm = typeof params.payment_method === 'string' ? params.payment_method : intent.payment_method;
    const card = pm ? TEST_CARDS[pm] : undefined;
    if (!pm || !card)
      return stripeError(
        400,
        {
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${pm ?? ''}'`,
        },
        false,
      );
    stored.confirms += 1;
    intent.payment_method = pm;
    // Off-session nobody can pass 3-D Secure: Stripe answers authentication_required.
    if (offSession && card.action) {
      const error = {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
        payment_method: { id: pm },
      };
      intent.status = 'requires_payment_method';
      intent.last_payment_error = error;
      return stripeError(402, { ...error, payment_intent: intent });
    }
    const decline =
      card.decline ??
      (offSession && card.offSessionDecline
        ? { decline_code: 'generic_decline', message: 'Your card was declined.' }
        : undefined);
    if (decline) {
      const error = {
        type: 'card_error',
        code: 'card_declined',
        ...decline,
        payment_method: { id: pm },
      };
      intent.status = 'requires_payment_method';
      intent.payment_method = null;
      intent.last_payment_error = error;
      intent.latest_charge = id('ch');
      return stripeError(402, { ...error, charge: intent.latest_charge, payment_intent: intent });
    }
    if (card.action) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect' } };
      return { status: 200, body: intent };
    }
    this.settle(intent);
    return { status: 200, body: intent };
  }

  /** The buyer finishes (or fails) 3-D Secure in the browser. */
  completeAction(piId: string, ok: boolean): FakeIntent {
    const stored = this.intents.get(piId);
    if (stored?.intent.status !== 'requires_action') throw new Error(`${piId} is not waiting for the buyer`);
    const { intent } = stored;
    if (ok) this.settle(intent);
    else {
      intent.status = 'requires_payment_method';
      intent.next_action = null;
      intent.payment_method = null;
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: AUTH_FAILED,
      };
    }
    return intent;
  }

  capture(piId: string, params: Params): Answer {
    const stored = this.intents.get(piId);
    if (!stored) return this.missing(piId);
    const { intent } = stored;
    if (intent.status !== 'requires_capture') return this.unexpected(stored, 'capture', ['requires_capture']);
    const amount =
      params.amount_to_capture === undefined
        ? intent.amount_capturable
        : positiveInteger(params.amount_to_capture);
    if (amount === undefined) return invalidParam('amount_to_capture', 'Invalid positive integer');
    if (amount > intent.amount_capturable)
      return stripeError(400, {
        code: 'amount_too_large',
        param: 'amount_to_capture',
        message: `The amount to capture (${amount}) is greater than the amount capturable (${intent.amount_capturable}).`,
      });
    stored.captures += 1;
    intent.amount_received = amount;
    intent.amount_capturable = 0;
    intent.status = 'succeeded';
    return { status: 200, body: intent };
  }

  cancel(piId: string, params: Params): Answer {
    const stored = this.intents.get(piId);
    if (!stored) return this.missing(piId);
    const { intent } = stored;
    if (!CANCELABLE.includes(intent.status)) return this.unexpected(stored, 'cancel', CANCELABLE);
    intent.status = 'canceled';
    intent.canceled_at = now();
    intent.cancellation_reason =
      typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
    intent.amount_capturable = 0;
    intent.next_action = null;
    return { status: 200, body: intent };
  }

  refund(params: Params): Answer {
    const piId = typeof params.payment_intent === 'string' ? params.payment_intent : '';
    const stored = this.intents.get(piId);
    if (!stored)
      return stripeError(
        400,
        { code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${piId}'` },
        false,
      );
    const { intent } = stored;
    if (intent.status !== 'succeeded')
      return stripeError(400, {
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
      });
    const refunded = stored.refunds.reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0)
      return stripeError(400, {
        code: 'charge_already_refunded',
        message: `Charge ${intent.latest_charge} has already been refunded.`,
      });
    const amount = params.amount === undefined ? left : positiveInteger(params.amount);
    if (amount === undefined) return invalidParam('amount', 'Invalid positive integer');
    if (amount > left)
      return stripeError(400, {
        param: 'amount',
        message: `Refund amount (${money(amount, intent.currency)}) is greater than unrefunded amount on charge (${money(left, intent.currency)})`,
      });
    const refund: FakeRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: piId,
      charge: intent.latest_charge,
      status: 'succeeded',
      created: now(),
      metadata: {},
    };
    stored.refunds.push(refund);
    return { status: 200, body: refund };
  }

  /** What the account holds: captured money less refunds, all in test mode. */
  balance(): Answer {
    const byCurrency = new Map<string, number>();
    for (const { intent, refunds } of this.intents.values()) {
      const net = intent.amount_received - refunds.reduce((sum, r) => sum + r.amount, 0);
      byCurrency.set(intent.currency, (byCurrency.get(intent.currency) ?? 0) + net);
    }
    const available = [...byCurrency].map(([currency, amount]) => ({ amount, currency }));
    return {
      status: 200,
      body: {
        object: 'balance',
        available: available.length ? available : [{ amount: 0, currency: 'usd' }],
        pending: [],
        livemode: false,
      },
    };
  }
}
