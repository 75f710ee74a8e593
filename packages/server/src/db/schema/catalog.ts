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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { items, websites } from './site';

/** Subscription plan of a subscribable product (spec §3 "Subscription"). */
export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR' };
  numBillingCycles: number;
}

/** Product data of a store item (record type 11). One row per item. */
export const products = pgTable('products', {
  itemId: text('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  websiteId: text('website_id')
    .notNull()
    .references(() => websites.id, { onDelete: 'cascade' }),
  /** physical 1, digital 2, service 3, gift card 4 */
  productType: integer('product_type').notNull(),
  isSubscribable: boolean('is_subscribable').notNull().default(false),
  subscriptionPlan: jsonb('subscription_plan').$type<SubscriptionPlan | null>(),
  additionalFieldsFormId: text('additional_fields_form_id'),
  useCustomAddButtonText: boolean('use_custom_add_button_text').notNull().default(false),
  customAddButtonText: text('custom_add_button_text').notNull().default(''),
  variantOptionOrdering: jsonb('variant_option_ordering').$type<string[]>().notNull().default([]),
  /** Merchandising (spec §3): scarcity, custom sold-out text, restock notifications. */
  merchandising: jsonb('merchandising').$type<Record<string, unknown>>().notNull().default({}),
});

/** A purchasable variant. Stock can never go negative (CHECK), also under concurrent orders. */
export const variants = pgTable(
  'variants',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    websiteId: text('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => products.itemId, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    salePriceCents: bigint('sale_price_cents', { mode: 'number' }).notNull().default(0),
    onSale: boolean('on_sale').notNull().default(false),
    qtyInStock: integer('qty_in_stock').notNull().default(0),
    unlimited: boolean('unlimited').notNull().default(false),
    /** Option name → value, e.g. { Size: 'M', Color: 'Blue' }. */
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    /** Image shown when this variant is chosen (variant image swap). */
    imageUrl: text('image_url'),
    /** Shipping weight in grams (weight-based shipping). */
    weightGrams: integer('weight_grams').notNull().default(0),
    displayIndex: integer('display_index').notNull().default(0),
  },
  (t) => [
    uniqueIndex('variants_website_sku_key').on(t.websiteId, t.sku),
    index('variants_item_idx').on(t.itemId, t.displayIndex),
    // SKUs are unique per site without regard to case (checkSkusFree): found by index, not by scanning the site.
    index('variants_website_lower_sku_idx').on(t.websiteId, sql`lower(${t.sku})`),
    check('variants_qty_non_negative', sql`${t.qtyInStock} >= 0`),
    check('variants_weight_non_negative', sql`${t.weightGrams} >= 0`),
    check('variants_price_non_negative', sql`${t.priceCents} >= 0 and ${t.salePriceCents} >= 0`),
  ],
);
