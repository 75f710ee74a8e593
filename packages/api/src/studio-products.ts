import { CATALOG_MESSAGES, CATEGORY_LENGTH_MAX, STOCK_STATES } from '@store/commerce';
import { z } from 'zod';
import { cursor, id, okBody } from './common';

/**
 * The owner's catalog: stores (spec §7 content-service calls), products with their variants,
 * and inventory. Every route is owner only (401 otherwise) and state changes need the crumb.
 * The server checks the rules a schema cannot (unique SKU and URL, option grid, limits of
 * spec §9) and answers 4xx with a message from CATALOG_MESSAGES.
 */

const urlId = z
  .string()
  .trim()
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATALOG_MESSAGES.urlIdInvalid);
const count = z.number().int().min(0);
const cents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Spec §3 store creation payload (+ `addToNavigation`, spec §4 "optionally into the main navigation"). */
export const storeCreateBody = z.object({
  title: z.string().trim().min(1).max(200),
  navigationTitle: z.string().trim().max(200).optional(),
  /** Derived from the title when omitted; 409 when another page uses it. */
  urlId: urlId.optional(),
  description: z.string().max(5000).default(''),
  enabled: z.boolean().default(true),
  addToNavigation: z.boolean().default(false),
});

export const storeCategory = z.object({
  id: z.string(),
  collectionId: z.string(),
  displayName: z.string(),
  slug: z.string(),
  /** null for the root "all items" category and top-level ones. */
  parentCategoryId: z.string().nullable(),
  displayIndex: z.number().int(),
});

/** The created products collection (collection type 13); the client reads `id`. */
export const storeCollection = z.object({
  id: z.string(),
  websiteId: z.string(),
  type: z.number().int(),
  title: z.string(),
  navigationTitle: z.string(),
  urlId: z.string(),
  fullUrl: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  rootCategoryId: z.string(),
  inNavigation: z.boolean(),
});

/** Spec §3 category payload. `type` and `pageRendering` are accepted as the client sends them. */
export const categoryCreateBody = z.object({
  displayName: z
    .string()
    .trim()
    .min(1, CATALOG_MESSAGES.categoryRequired)
    .max(CATEGORY_LENGTH_MAX, CATALOG_MESSAGES.categoryTooLong),
  /** Defaults to the store's root category. */
  parentCategoryId: id.nullish(),
  type: z.union([z.string().max(50), z.number().int()]).optional(),
  pageRendering: z.union([z.string().max(50), z.number().int()]).optional(),
  displayIndex: z.number().int().min(0).optional(),
});

export const stockState = z.enum(STOCK_STATES);
export const productTypeCode = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

export const subscriptionPlanBody = z.object({
  billingPeriod: z.object({
    value: z.number().int().min(1).max(365),
    unit: z.enum(['WEEK', 'MONTH', 'YEAR']),
  }),
  /** 0 = until canceled (spec §3). */
  numBillingCycles: z.number().int().min(0).max(1000),
});

/** What the page context reads from a product (spec §3 "Merchandising context"). */
export const merchandisingBody = z.object({
  customSoldOutText: z.string().max(100).default(''),
  scarcityEnabled: z.boolean().default(false),
  /** `{qty}` is replaced by the units left. */
  scarcityText: z.string().max(200).default(''),
  scarcityShownByDefault: z.boolean().default(true),
  restockNotificationsEnabled: z.boolean().default(false),
});

export const variantBody = z.object({
  /** Keep the id of an existing variant so carts and restock signups keep pointing at it. */
  id: id.optional(),
  sku: z.string().trim().min(1).max(100),
  /** Option name → value; one value for every option of variantOptionOrdering. */
  attributes: z.record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(100)).default({}),
  priceCents: cents,
  salePriceCents: cents.default(0),
  onSale: z.boolean().default(false),
  /** Ignored (must be 0) for digital products and gift cards, which track no stock. */
  qtyInStock: count.max(1_000_000).default(0),
  unlimited: z.boolean().default(false),
  weightGrams: count.max(1_000_000).default(0),
  imageUrl: z.string().max(500).nullish(),
});

/** A product as the editor saves it (create and full update). */
export const productBody = z.object({
  title: z.string().trim().min(1, CATALOG_MESSAGES.titleRequired).max(200),
  /** Derived from the title when omitted; unique in the collection (409). */
  urlId: urlId.optional(),
  excerpt: z.string().max(5000).default(''),
  /** HTML description (the item body). */
  description: z.string().max(100_000).default(''),
  collectionId: id,
  categoryIds: z.array(id).max(100).default([]),
  productType: productTypeCode,
  isSubscribable: z.boolean().default(false),
  subscriptionPlan: subscriptionPlanBody.nullish(),
  additionalFieldsFormId: id.nullish(),
  useCustomAddButtonText: z.boolean().default(false),
  customAddButtonText: z.string().max(100).default(''),
  merchandising: merchandisingBody.default({
    customSoldOutText: '',
    scarcityEnabled: false,
    scarcityText: '',
    scarcityShownByDefault: true,
    restockNotificationsEnabled: false,
  }),
  /**
   * Media library asset ids; the first is the main image, the rest the gallery. An image of
   * the product that is not from the library (seeded) keeps its `current:N` id from the read.
   */
  imageIds: z.array(id).max(50).default([]),
  variantOptionOrdering: z.array(z.string().trim().min(1).max(100)).max(6).default([]),
  variants: z.array(variantBody).min(1, CATALOG_MESSAGES.variantsRequired).max(500),
});
export type ProductInput = z.output<typeof productBody>;
export type VariantInput = z.output<typeof variantBody>;

/** An image of a product (spec §3 "Image asset"): its library id, or `current:N` for one not from the library. */
export const productImage = z.object({
  id: z.string(),
  assetUrl: z.string(),
  originalSize: z.string(),
  altText: z.string(),
});

export const variantView = z.object({
  id: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  priceCents: z.number().int(),
  salePriceCents: z.number().int(),
  onSale: z.boolean(),
  qtyInStock: z.number().int(),
  unlimited: z.boolean(),
  weightGrams: z.number().int(),
  imageUrl: z.string().nullable(),
  stockState,
});

export const productDetail = z.object({
  id: z.string(),
  title: z.string(),
  urlId: z.string(),
  fullUrl: z.string(),
  excerpt: z.string(),
  description: z.string(),
  collectionId: z.string(),
  categoryIds: z.array(z.string()),
  productType: z.number().int(),
  isSubscribable: z.boolean(),
  subscriptionPlan: subscriptionPlanBody.nullable(),
  additionalFieldsFormId: z.string().nullable(),
  useCustomAddButtonText: z.boolean(),
  customAddButtonText: z.string(),
  merchandising: merchandisingBody,
  images: z.array(productImage),
  variantOptionOrdering: z.array(z.string()),
  variants: z.array(variantView),
  stockState,
});

export const productSummary = z.object({
  id: z.string(),
  title: z.string(),
  urlId: z.string(),
  fullUrl: z.string(),
  collectionId: z.string(),
  categoryIds: z.array(z.string()),
  productType: z.number().int(),
  mainImageUrl: z.string().nullable(),
  variantCount: z.number().int(),
  /** Lowest and highest variant price (minor units) and the store currency. */
  priceCents: z.number().int(),
  maxPriceCents: z.number().int(),
  currency: z.string(),
  /** null when unlimited. */
  totalStock: z.number().int().nullable(),
  stockState,
});

const productParams = z.object({ id });
const page = { hasNextPage: z.boolean(), nextPageCursor: z.string().nullable() };

export const inventoryRow = z.object({
  variantId: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  productType: z.number().int(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  qtyInStock: z.number().int(),
  unlimited: z.boolean(),
  /** false for digital products and gift cards: their stock cannot be edited. */
  tracksStock: z.boolean(),
  stockState,
  /** Back-in-stock signups not yet sent for this variant. */
  waiting: z.number().int(),
});

export const inventoryChange = z.object({
  variantId: id,
  /** Set the stock to this quantity … */
  qtyInStock: count.max(1_000_000).optional(),
  /** … or add (negative: remove) this many units. Never below 0 (4xx naming the SKU). */
  adjustBy: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  unlimited: z.boolean().optional(),
});

/** A variant that came back in stock and has signups waiting: offer the restock send. */
export const restockOffer = z.object({
  productId: z.string(),
  variantId: z.string(),
  sku: z.string(),
  waiting: z.number().int(),
});

export const studioProductRoutes = {
  'POST /api/content-service/product/1.1/websites/:websiteId/products': {
    summary:
      'Create a store (spec §4): the products collection (enabled), its root "all items" category, optionally a main-navigation link',
    status: 201,
    params: z.object({ websiteId: id }),
    body: storeCreateBody,
    response: storeCollection,
  },
  'POST /api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories': {
    summary: 'Add a category to a store (25 characters, 10 000 per store, unique name under its parent)',
    status: 201,
    params: z.object({ websiteId: id, collectionId: id }),
    body: categoryCreateBody,
    response: storeCategory,
  },
  'GET /api/studio/stores': {
    summary: 'Studio: the stores of the site with their categories and product counts',
    response: z.object({
      stores: z.array(
        storeCollection.extend({ productCount: z.number().int(), categories: z.array(storeCategory) }),
      ),
      limits: z.object({
        productsPerCollection: z.number().int(),
        nestedCategories: z.number().int(),
        categoryLength: z.number().int(),
      }),
    }),
  },
  'GET /api/studio/products': {
    summary:
      'Studio: products, newest first, 50 a page; search title or SKU; filter by type, store, category, stock',
    querystring: z.object({
      cursor,
      q: z.string().trim().max(200).optional(),
      type: z.coerce.number().pipe(productTypeCode).optional(),
      collectionId: id.optional(),
      categoryId: id.optional(),
      stock: stockState.optional(),
    }),
    response: z.object({ products: z.array(productSummary), ...page }),
  },
  'GET /api/studio/products/:id': {
    summary: 'Studio: one product with its variants, images and settings',
    params: productParams,
    response: productDetail,
  },
  'POST /api/studio/products': {
    summary: 'Studio: create a product (200 per store; SKUs unique on the site; a full option grid)',
    status: 201,
    body: productBody,
    response: productDetail,
  },
  'PUT /api/studio/products/:id': {
    summary:
      'Studio: save a whole product; variants are replaced as a set (a sent id keeps that variant, carts and signups follow it)',
    params: productParams,
    body: productBody,
    response: productDetail,
  },
  'DELETE /api/studio/products/:id': {
    summary: 'Studio: delete a product and its variants (it leaves carts and the shop)',
    params: productParams,
    response: okBody,
  },
  'GET /api/studio/inventory': {
    summary:
      'Studio: every variant with its stock, 100 a page; search product title or SKU; filter by stock state',
    querystring: z.object({
      cursor,
      q: z.string().trim().max(200).optional(),
      stock: stockState.optional(),
    }),
    response: z.object({ variants: z.array(inventoryRow), ...page }),
  },
  'PATCH /api/studio/inventory': {
    summary:
      'Studio: bulk stock edit in one transaction (one bad row changes nothing); lists variants back in stock with signups waiting',
    body: z.object({ changes: z.array(inventoryChange).min(1).max(500) }),
    response: z.object({ variants: z.array(inventoryRow), restockOffers: z.array(restockOffer) }),
  },
} as const;
