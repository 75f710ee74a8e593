import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { websiteIdColumn } from './site';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

export const shippingOptions = pgTable('shipping_options', {
  id: idColumn(),
  websiteId: websiteIdColumn(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  costCents: cents('cost_cents'),
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
});

export const coupons = pgTable(
  'coupons',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    code: text('code').notNull(),
    kind: text('kind').$type<'PERCENTAGE' | 'FIXED_AMOUNT'>().notNull(),
    /** Percent (whole number 1–100) or fixed amount in minor units. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    minSubtotalCents: cents('min_subtotal_cents'),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('coupons_website_code_key').on(t.websiteId, t.code)],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_token_key').on(t.token),
    index('carts_site_user_idx').on(t.websiteId, t.siteUserId),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_entries_merge_key').on(t.cartId, t.mergeKey),
    check('cart_entries_quantity_range', sql`${t.quantity} between 1 and 9999`),
  ],
);

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
    status: text('status').$type<'PENDING' | 'FULFILLED' | 'CANCELED'>().notNull().default('PENDING'),
    currency: text('currency').notNull(),
    subtotalCents: cents('subtotal_cents'),
    taxCents: cents('tax_cents'),
    shippingCents: cents('shipping_cents'),
    discountCents: cents('discount_cents'),
    grandTotalCents: cents('grand_total_cents'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, string> | null>(),
    shippingOptionName: text('shipping_option_name'),
    paymentProvider: text('payment_provider').notNull(),
    paymentReference: text('payment_reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_purchased_cart_key').on(t.purchasedCartId),
    index('orders_website_created_idx').on(t.websiteId, t.createdAt),
  ],
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
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** Gift cards issued by purchases of gift-card products. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    code: text('code').notNull(),
    orderId: text('order_id').notNull(),
    initialCents: cents('initial_cents'),
    balanceCents: cents('balance_cents'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gift_cards_code_key').on(t.code)],
);
