import { bigint, boolean, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';

const money = (name: string) => bigint(name, { mode: 'number' }).notNull();
import { websiteIdColumn } from './site';

/**
 * A checkout in flight (services/checkout): stock, coupon uses and gift card balances are
 * taken and the order is written down here in one short transaction; the provider is charged
 * outside it with `checkout:<id>` as its idempotency key; a second transaction turns the
 * reservation into the order (CONFIRMED) or gives everything back (RELEASED).
 *
 * RESERVED: taken, the charge not answered yet (or the process died while asking).
 * ACTION: the provider wants the buyer (3-D Secure); the checkout page finishes it.
 * A RESERVED or ACTION row past `expires_at` is settled by the scheduler from the provider's
 * own record of the key: paid → order, anything else → canceled at the provider and released.
 */
export type ReservationState = 'RESERVED' | 'ACTION' | 'CONFIRMED' | 'RELEASED';

export const checkoutReservations = pgTable(
  'checkout_reservations',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    cartId: text('cart_id').notNull(),
    state: text('state').$type<ReservationState>().notNull().default('RESERVED'),
    /** What the provider is asked to charge (minor units); 0 when gift cards paid it all. */
    amountCents: money('amount_cents'),
    currency: text('currency').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    testMode: boolean('test_mode').notNull(),
    /** 'automatic': captured at once (order PAID); 'manual': authorised (order PENDING). */
    captureMode: text('capture_mode').$type<'automatic' | 'manual'>().notNull(),
    /** The provider's id for the payment, once known. */
    paymentReference: text('payment_reference'),
    /** Everything the order is made from, and everything to give back on release. */
    snapshot: jsonb('snapshot').notNull(),
    orderId: text('order_id'),
    /** Why it was released (shown to the buyer), if it was. */
    failure: text('failure'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('checkout_reservations_open_idx').on(t.state, t.expiresAt),
    index('checkout_reservations_cart_idx').on(t.cartId),
  ],
);

/**
 * Each site's payment provider (Commerce → Store settings → Payments). Secrets are stored
 * encrypted with the server's key (services/payments/secret-box.ts) and never sent back to a
 * browser; the studio shows their last four characters.
 */
export const paymentSettings = pgTable('payment_settings', {
  websiteId: websiteIdColumn().primaryKey(),
  provider: text('provider').$type<'test' | 'stripe'>().notNull().default('test'),
  captureMode: text('capture_mode').$type<'automatic' | 'manual'>().notNull().default('automatic'),
  stripePublishableKey: text('stripe_publishable_key'),
  stripeSecretKey: text('stripe_secret_key_sealed'),
  stripeSecretKeyLast4: text('stripe_secret_key_last4'),
  stripeWebhookSecret: text('stripe_webhook_secret_sealed'),
  stripeWebhookSecretLast4: text('stripe_webhook_secret_last4'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The built-in test-mode provider's ledger: one row per idempotency key, so every process
 * (and a restarted one) answers a key the same way and reconciliation can ask what happened.
 */
export const testModeCharges = pgTable('test_mode_charges', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  amountCents: money('amount_cents'),
  currency: text('currency').notNull(),
  /** SHA-256 of the payment token: the same key with another card is refused. */
  tokenHash: text('token_hash'),
  reference: text('reference').notNull(),
  /** 'captured' | 'authorised' | 'failed' | 'canceled' */
  state: text('state').notNull(),
  message: text('message'),
  capturedCents: money('captured_cents').default(0),
  refundedCents: money('refunded_cents').default(0),
  createdAt: createdAtColumn(),
});

/** Provider webhook events already handled: a redelivered event changes nothing. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    websiteId: text('website_id'),
    type: text('type').notNull(),
    receivedAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * An owner's capture, cancel or refund while its provider call is in flight: claimed (one per
 * order) before the call, removed when the order is updated after it. No row lock is held
 * across the call; a claim left by a crash is finished by the scheduler with the same
 * idempotency key, so the provider moves the money at most once.
 */
export const orderPaymentOperations = pgTable('order_payment_operations', {
  orderId: text('order_id').primaryKey(),
  websiteId: websiteIdColumn(),
  kind: text('kind').$type<'capture' | 'cancel' | 'refund'>().notNull(),
  amountCents: money('amount_cents'),
  idempotencyKey: text('idempotency_key').notNull(),
  createdAt: createdAtColumn(),
});
