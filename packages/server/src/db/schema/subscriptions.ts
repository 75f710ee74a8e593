import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { websiteIdColumn } from './site';
import { siteUsers } from './site-users';

/**
 * Subscriptions that renew, one per subscribed line, and one row per billing cycle
 * (drizzle/0029_members_subscriptions.sql). The (subscription, cycle) key is what makes a
 * cycle charged at most once across processes and restarts.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export type SubscriptionKind = 'product' | 'plan' | 'donation';
export type SubscriptionStatus = 'active' | 'past_due' | 'paused' | 'cancelled' | 'ended';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    siteUserId: text('site_user_id').references(() => siteUsers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    kind: text('kind').$type<SubscriptionKind>().notNull(),
    firstOrderId: text('first_order_id'),
    itemId: text('item_id').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    /** For kind 'plan' (member_plans.id; no foreign key here to keep the import graph one-way). */
    memberPlanId: text('member_plan_id'),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: integer('unit_price_cents').notNull(),
    currency: text('currency').notNull(),
    periodUnit: text('period_unit').$type<'WEEK' | 'MONTH' | 'YEAR'>().notNull(),
    periodValue: integer('period_value').notNull(),
    /** 0 = renews until cancelled. */
    numBillingCycles: integer('num_billing_cycles').notNull().default(0),
    /** Cycles charged so far (the first order is cycle 1). */
    cyclesDone: integer('cycles_done').notNull().default(0),
    /** The first billing instant; renewals keep its wall-clock time in the site's time zone. */
    anchorAt: ts('anchor_at').notNull(),
    /** Day of the month of the anchor in the site's time zone: a 31st renews on the last day of shorter months. */
    anchorDay: smallint('anchor_day').notNull(),
    nextBillingAt: ts('next_billing_at'),
    status: text('status').$type<SubscriptionStatus>().notNull().default('active'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    pausedAt: ts('paused_at'),
    cancelledAt: ts('cancelled_at'),
    endedAt: ts('ended_at'),
    paymentProvider: text('payment_provider').notNull(),
    /** The provider's customer (Stripe `cus_…`); null for the test provider. */
    paymentCustomerRef: text('payment_customer_ref'),
    /** The saved payment method charged off-session (Stripe `pm_…`, a test-mode card token). */
    paymentMethodRef: text('payment_method_ref'),
    /** What the customer sees of it, e.g. "Visa ending 4242". */
    paymentMethodLabel: text('payment_method_label'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string> | null>(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextRetryAt: ts('next_retry_at'),
    lastError: text('last_error'),
    testMode: boolean('test_mode').notNull().default(false),
    createdAt: createdAtColumn(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('subscriptions_site_id').on(t.websiteId, t.id),
    index('subscriptions_site_created_idx').on(t.websiteId, t.createdAt),
    index('subscriptions_site_user_idx').on(t.websiteId, t.siteUserId),
    index('subscriptions_due_idx').on(t.nextBillingAt).where(sql`${t.status} in ('active', 'past_due')`),
  ],
);

export type CycleState = 'claimed' | 'charging' | 'paid' | 'failed' | 'skipped' | 'refunded';

export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    subscriptionId: text('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    dueAt: ts('due_at').notNull(),
    state: text('state').$type<CycleState>().notNull().default('claimed'),
    attempts: integer('attempts').notNull().default(0),
    amountCents: integer('amount_cents').notNull(),
    orderId: text('order_id'),
    paymentReference: text('payment_reference'),
    claimedBy: text('claimed_by'),
    claimedAt: ts('claimed_at'),
    /** The renewal took its stock before charging (0035): given back if the charge fails. */
    stockTaken: boolean('stock_taken').notNull().default(false),
    lastError: text('last_error'),
    createdAt: createdAtColumn(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('subscription_cycles_once').on(t.subscriptionId, t.cycle),
    index('subscription_cycles_site_idx').on(t.websiteId, t.createdAt),
  ],
);
