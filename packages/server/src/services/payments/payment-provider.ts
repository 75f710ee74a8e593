/** A money movement's answer: expected refusals are values, never exceptions. */
export type PaymentResult = { ok: true } | { ok: false; message: string };

/** 'automatic': the money is taken at once (order PAID); 'manual': authorised only (PENDING). */
export type CaptureMode = 'automatic' | 'manual';

/** One charge of a checkout. The idempotency key is the checkout reservation's (`checkout:<id>`). */
export interface ChargeRequest {
  amountCents: number;
  currency: string;
  /** What the checkout page's card form produced: a test-mode token, or a Stripe PaymentMethod id. */
  token: string;
  idempotencyKey: string;
  capture: CaptureMode;
  /** Carried by the provider's record, so a webhook finds its checkout. */
  metadata: { reservationId: string; websiteId: string };
  /** Shown in the provider's dashboard, e.g. "Juniper & Oak checkout". */
  description?: string;
  /** Where a redirect-based action (3-D Secure) sends the buyer back to. */
  returnUrl?: string;
  /**
   * Keep the card for charges made later without the buyer (subscription renewals): the
   * answer's `saved` names it. Asked only when the cart holds a line that renews.
   */
  saveForLater?: { email: string };
}

/** A payment method kept at the provider for charges without the buyer present. */
export interface SavedMethod {
  /** The provider's customer (Stripe `cus_…`); null where the provider has none (test mode). */
  customerRef: string | null;
  /** What a later charge names (Stripe `pm_…`, a test-mode card token). */
  methodRef: string;
  /** What the customer sees of it, e.g. "Visa ending 4242". */
  label: string | null;
}

/**
 * A charge of a saved method without the buyer (off-session): a renewal. One per
 * idempotency key, like `charge`; asking again with the same key answers the first result,
 * which is how a renewal interrupted by a crash learns what its charge did.
 */
export interface SavedChargeRequest {
  customerRef: string | null;
  methodRef: string;
  amountCents: number;
  currency: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
  description?: string;
}

/** What a charge request needs to be found again (no payment details). */
export type LookupRequest = Omit<ChargeRequest, 'token' | 'returnUrl'>;

/**
 * Where a payment stands at the provider. `none`: the provider never saw the key.
 * `action`: the buyer must finish it in the browser (3-D Secure) with `clientSecret`.
 * `processing`: the provider is still deciding (a webhook or a later lookup tells).
 * `unknown`: the provider could not be asked (network); nothing may be concluded from it.
 */
export type PaymentState =
  | { state: 'none' }
  | { state: 'action'; reference: string; clientSecret: string }
  | { state: 'processing'; reference: string }
  | { state: 'authorised'; reference: string; saved?: SavedMethod }
  | { state: 'captured'; reference: string; saved?: SavedMethod }
  | { state: 'failed'; reference?: string; message: string }
  | { state: 'canceled'; reference?: string }
  | { state: 'unknown'; message: string };

/** What the checkout page needs to show the provider's card fields. */
export type BrowserPaymentConfig =
  | { provider: 'test' }
  | { provider: 'stripe'; publishableKey: string; livemode: boolean };

/** A provider event, checked (signature) and reduced to what checkout needs. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  reference?: string;
  reservationId?: string;
  websiteId?: string;
}

export type ConnectionCheck =
  | { ok: true; livemode: boolean; account?: string }
  | { ok: false; message: string };

/**
 * What checkout and the owner's order actions ask of a payment provider. Every call is safe
 * to repeat: the same idempotency key never moves money twice. None is ever called while a
 * database transaction holds row locks.
 */
export interface PaymentProvider {
  readonly name: string;
  /** Orders paid through a test-mode provider carry `testMode: true`. */
  readonly testMode: boolean;
  browser(): BrowserPaymentConfig;
  /** Charge (or authorise) once per `idempotencyKey`; the same key again answers the same payment. */
  charge(request: ChargeRequest): Promise<PaymentState>;
  /**
   * Charge a saved method off-session, once per key. A card that needs the buyer (3-D Secure,
   * `authentication_required`) or is declined answers `failed`; never `action`. Providers that
   * cannot keep cards leave it out, and renewals through them fail as declined.
   */
  chargeSaved?(request: SavedChargeRequest): Promise<PaymentState>;
  /**
   * Keep a card the customer just gave (a card change in their account) for later charges,
   * without charging it: Stripe attaches the PaymentMethod to the customer (made when none).
   */
  saveMethod?(input: {
    token: string;
    customerRef: string | null;
    email: string;
    websiteId: string;
  }): Promise<({ ok: true } & SavedMethod) | { ok: false; message: string }>;
  /** Where the payment made with this key stands, without moving money. */
  lookup(request: LookupRequest, reference?: string): Promise<PaymentState>;
  /** Void a payment that is not captured (authorised, or waiting for the buyer). */
  cancel(reference: string): Promise<PaymentResult>;
  /** Take an authorised charge. Capturing one already captured answers ok (idempotent). */
  capture(reference: string, amountCents: number, idempotencyKey?: string): Promise<PaymentResult>;
  /**
   * Give `amountCents` of a captured charge back. `idempotencyKey` (order id and the refunded
   * total it leads to) makes a retried refund of the same step a no-op at the provider.
   */
  refund(reference: string, amountCents: number, idempotencyKey?: string): Promise<PaymentResult>;
  /** Ask the provider whether the configured keys work (studio's "Check connection"). */
  checkConnection?(): Promise<ConnectionCheck>;
  /** Check a webhook's signature and read it; a bad signature is a refusal, not an exception. */
  webhook?(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
  ): { ok: true; event: PaymentWebhookEvent } | { ok: false; message: string };
}
