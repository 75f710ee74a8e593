import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { websiteIdColumn } from './site';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/** Where a shipping option or tax rule applies: a country, optionally one region of it. */
export interface ShippingZone {
  country: string;
  region?: string;
}

/**
 * A shipping option. FLAT charges `costCents`; WEIGHT charges `costCents` plus
 * `ratePerKgCents` per started kilogram of the cart's weight; either becomes free once
 * the subtotal reaches `freeOverCents`. An empty `zones` list ships everywhere.
 */
export const shippingOptions = pgTable('shipping_options', {
  id: idColumn(),
  websiteId: websiteIdColumn(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  kind: text('kind').$type<'FLAT' | 'WEIGHT'>().notNull().default('FLAT'),
  costCents: cents('cost_cents'),
  ratePerKgCents: cents('rate_per_kg_cents'),
  freeOverCents: bigint('free_over_cents', { mode: 'number' }),
  zones: jsonb('zones').$type<ShippingZone[]>().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  displayIndex: integer('display_index').notNull().default(0),
});

/** A percentage tax applied to taxable lines shipped to a country (and optional region). */
export const taxRules = pgTable('tax_rules', {
  id: idColumn(),
  websiteId: websiteIdColumn(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  region: text('region'),
  /** Rate in basis points: 825 = 8.25 %. */
  rateBasisPoints: integer('rate_basis_points').notNull(),
  /** true: prices already include this tax (VAT style); false: it is added on top. */
  included: boolean('included').notNull().default(false),
  /** Whether shipping is taxed too. */
  appliesToShipping: boolean('applies_to_shipping').notNull().default(false),
});

export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    code: text('code').notNull(),
    kind: text('kind').$type<'PERCENTAGE' | 'FIXED_AMOUNT' | 'FREE_SHIPPING'>().notNull(),
    /** Percent (whole number 1–100) or fixed amount in minor units; 0 for free shipping. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    minSubtotalCents: cents('min_subtotal_cents'),
    enabled: boolean('enabled').notNull().default(true),
    /** Valid from / until (null: no bound). */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** How many orders may use it (null: unlimited); `timesUsed` counts placed orders. */
    usageLimit: integer('usage_limit'),
    timesUsed: integer('times_used').notNull().default(0),
  },
  (t) => [
    uniqueIndex('coupons_website_code_key').on(t.websiteId, t.code),
    check('coupons_usage_within_limit', sql`${t.usageLimit} is null or ${t.timesUsed} <= ${t.usageLimit}`),
  ],
);

/** A visitor's cart, found by its token (CART cookie) or by its signed-in site user. */
export const carts = pgTable(
  'carts',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    token: text('token').notNull(),
    kind: text('kind').$type<'STANDARD' | 'SUBSCRIPTION'>().notNull().default('STANDARD'),
    siteUserId: text('site_user_id'),
    isPurchased: boolean('is_purchased').notNull().default(false),
    orderId: text('order_id'),
    selectedShippingOptionId: text('selected_shipping_option_id'),
    shippingLocation: jsonb('shipping_location').$type<Record<string, string> | null>(),
    couponCodes: jsonb('coupon_codes').$type<string[]>().notNull().default([]),
    /** Gift card codes the buyer applied; checked (and charged) at checkout. */
    giftCardCodes: jsonb('gift_card_codes').$type<string[]>().notNull().default([]),
    /**
     * Each applied card's balance when the buyer applied it (or was last told of it): a card
     * spent by another order meanwhile is noticed at checkout instead of charging the rest.
     */
    giftCardBalancesSeen: jsonb('gift_card_balances_seen')
      .$type<Record<string, number>>()
      .notNull()
      .default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_token_key').on(t.token),
    index('carts_site_user_idx').on(t.websiteId, t.siteUserId),
    // The clean-up of abandoned carts looks for old carts never bought.
    index('carts_unpurchased_created_idx').on(t.createdAt).where(sql`${t.isPurchased} = false`),
  ],
);

/**
 * One line of a cart. `mergeKey` makes concurrent adds of the same variant collapse into
 * one line (INSERT … ON CONFLICT adds the quantities): it is the sku, or a unique value for
 * lines with additional-fields answers, which are never merged.
 */
export const cartEntries = pgTable(
  'cart_entries',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    sku: text('sku').notNull(),
    mergeKey: text('merge_key').notNull(),
    quantity: integer('quantity').notNull(),
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown> | null>(),
    /** For a gift card line: who receives it (else the buyer). */
    giftRecipient: jsonb('gift_recipient').$type<GiftRecipient | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_entries_merge_key').on(t.cartId, t.mergeKey),
    check('cart_entries_quantity_range', sql`${t.quantity} between 1 and 9999`),
  ],
);

/** The recipient of a gift card bought as a present. */
export interface GiftRecipient {
  email: string;
  name?: string;
  senderName?: string;
  message?: string;
}

/**
 * Order states (spec §4 order lifecycle): PENDING (payment authorised, not captured) →
 * PAID → FULFILLED; PENDING or PAID → CANCELED (stock returned); PAID or FULFILLED →
 * REFUNDED once `refundedCents` reaches what was charged (partial refunds keep the state).
 */
export type OrderStatus = 'PENDING' | 'PAID' | 'FULFILLED' | 'CANCELED' | 'REFUNDED';

/** A placed order. Prices are copied at checkout time; later price changes do not touch it. */
export const orders = pgTable(
  'orders',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderNumber: bigint('order_number', { mode: 'number' }).generatedAlwaysAsIdentity(),
    purchasedCartId: text('purchased_cart_id').notNull(),
    /** Token that lets the buyer's browser read the order (confirmation/status pages). */
    accessToken: text('access_token').notNull(),
    siteUserId: text('site_user_id'),
    email: text('email').notNull(),
    testMode: boolean('test_mode').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('PENDING'),
    currency: text('currency').notNull(),
    subtotalCents: cents('subtotal_cents'),
    taxCents: cents('tax_cents'),
    /** The part of taxCents already inside the prices (VAT style): shown, never added again. */
    includedTaxCents: cents('included_tax_cents'),
    shippingCents: cents('shipping_cents'),
    discountCents: cents('discount_cents'),
    grandTotalCents: cents('grand_total_cents'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string> | null>(),
    shippingOptionName: text('shipping_option_name'),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference').notNull(),
    /** Paid by gift cards (part of grandTotalCents); the provider charged the rest. */
    giftCardCents: cents('gift_card_cents'),
    /** Refunded so far through the provider (never above what it charged). */
    refundedCents: cents('refunded_cents'),
    couponCode: text('coupon_code'),
    trackingNumber: text('tracking_number'),
    /**
     * The card kept for renewals while the order waits for capture (manual capture): its
     * subscriptions and memberships start at capture, which clears it.
     */
    savedPaymentMethod: jsonb('saved_payment_method').$type<{
      customerRef: string | null;
      methodRef: string;
      label: string | null;
    } | null>(),
    trackingCarrier: text('tracking_carrier'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_purchased_cart_key').on(t.purchasedCartId),
    index('orders_website_created_idx').on(t.websiteId, t.createdAt),
    index('orders_website_status_created_idx').on(t.websiteId, t.status, t.createdAt),
    index('orders_website_email_idx').on(t.websiteId, t.email),
    // A signed-in customer's order history (account page), newest first.
    index('orders_site_user_created_idx').on(t.websiteId, t.siteUserId, t.createdAt),
    check(
      'orders_refund_within_charge',
      sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.grandTotalCents}`,
    ),
  ],
);

/** What happened to an order, newest last: the owner's order detail shows it as a timeline. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * Order of writing: events of one transaction share its now(), so the timeline is sorted
     * by this, not by createdAt.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** placed, paid, fulfilled, canceled, refunded, note, mail … */
    kind: text('kind').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.seq)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    sku: text('sku').notNull(),
    productName: text('product_name').notNull(),
    variantDescription: text('variant_description').notNull().default(''),
    productType: integer('product_type').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents'),
    additionalFields: jsonb('additional_fields').$type<Record<string, unknown> | null>(),
    giftRecipient: jsonb('gift_recipient').$type<GiftRecipient | null>(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_sku_idx').on(t.websiteId, t.sku)],
);

/**
 * Gift cards issued by purchases of gift-card products, or by hand by the owner (no order;
 * `issuedBy` is the account that issued it). A disabled card pays for nothing.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    code: text('code').notNull(),
    orderId: text('order_id'),
    initialCents: cents('initial_cents'),
    balanceCents: cents('balance_cents'),
    recipient: jsonb('recipient').$type<GiftRecipient | null>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    issuedBy: text('issued_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_key').on(t.code),
    index('gift_cards_website_created_idx').on(t.websiteId, t.createdAt),
    check('gift_cards_balance_range', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
  ],
);

/** A gift card spent on an order (one row per card per order); refunds add it back. */
export const giftCardRedemptions = pgTable(
  'gift_card_redemptions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    giftCardId: text('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: cents('amount_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_card_redemptions_card_order_key').on(t.giftCardId, t.orderId),
    check('gift_card_redemptions_positive', sql`${t.amountCents} > 0`),
  ],
);

/** The file a digital product delivers (one per product), kept in media storage. */
export const productFiles = pgTable('product_files', {
  itemId: text('item_id').primaryKey(),
  websiteId: websiteIdColumn(),
  /** Key in media storage (never a public URL: downloads go through signed links). */
  storageKey: text('storage_key').notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  /** Downloads allowed per purchased line, and how long a link lives. */
  downloadLimit: integer('download_limit').notNull().default(5),
  linkDays: integer('link_days').notNull().default(7),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A buyer's right to download one purchased digital line: counted and limited. */
export const orderDownloads = pgTable(
  'order_downloads',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    downloadCount: integer('download_count').notNull().default(0),
    downloadLimit: integer('download_limit').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the order is canceled or fully refunded: the link stops working. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_downloads_order_idx').on(t.orderId),
    check('order_downloads_within_limit', sql`${t.downloadCount} <= ${t.downloadLimit}`),
  ],
);

/** Store preferences by namespace (spec §7 commerce-preferences): one JSON object each. */
export const commercePreferences = pgTable(
  'commerce_preferences',
  {
    websiteId: websiteIdColumn(),
    namespace: text('namespace').notNull(),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.namespace] })],
);
