import { z } from 'zod';
import { productTypeCode, subscriptionPlanBody } from './studio-products';

/**
 * A catalogue as it leaves one site and enters another (CSV or JSON): products by their
 * handle (URL id) in a store named by its title, categories by name path ("Parent > Child"),
 * options and variants, money in integer minor units of the site's currency (CSV: decimal
 * major units), images as media-library ids or the site's media addresses, translations by
 * language. The same rules as the product editor apply on import (the product schema and the
 * store limits of spec §9): each product that breaks one is reported with its rows.
 */
/** What the import and export say, besides the product editor's own messages. */
export const CATALOG_TRANSFER_MESSAGES = {
  notACatalogue: 'The file is not a catalogue export (format "juniper-catalog", version 1).',
  currencyDiffers: "The catalogue's prices are in {catalogue}; this site sells in {site}.",
  sendCsv: 'Send the CSV file as text/csv.',
  notCsv: 'The file is not valid CSV: {detail}',
  empty: 'The file is empty.',
  missingColumns: 'The header lacks the column(s): {columns}.',
  wholeNumber: '{field} must be a whole number.',
  yesOrNo: '{field} must be yes or no.',
  type: 'Type must be physical, digital, service or gift card.',
  subscription: 'Subscription must read like "1 MONTH 12" (every, unit, cycles; 0 = until cancelled).',
  imageNotInLibrary:
    "Image {image} is not in this site's media library. Upload it first, then name it by its media address or id.",
} as const;

const text = (max: number) => z.string().max(max);

export const transferVariant = z.object({
  sku: z.string().trim().min(1).max(100),
  attributes: z.record(z.string().trim().min(1).max(100), z.string().trim().min(1).max(100)).default({}),
  priceMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  salePriceMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  onSale: z.boolean().default(false),
  stock: z.number().int().min(0).max(1_000_000).default(0),
  unlimited: z.boolean().default(false),
  weightGrams: z.number().int().min(0).max(1_000_000).default(0),
  image: text(500).nullable().default(null),
});

export const transferTranslation = z.object({
  title: text(200).optional(),
  excerpt: text(5000).optional(),
  description: text(100_000).optional(),
});

export const transferProduct = z.object({
  handle: z.string().trim().max(200).optional(),
  store: z.string().trim().min(1).max(200),
  title: z.string().trim().min(1).max(200),
  excerpt: text(5000).default(''),
  description: text(100_000).default(''),
  productType: productTypeCode,
  categories: z.array(z.string().trim().min(1).max(500)).max(100).default([]),
  options: z.array(z.string().trim().min(1).max(100)).max(6).default([]),
  variants: z.array(transferVariant).min(1).max(500),
  images: z.array(text(500)).max(50).default([]),
  subscriptionPlan: subscriptionPlanBody.nullable().default(null),
  translations: z
    .record(z.string().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/), transferTranslation)
    .default({}),
});
export type TransferProduct = z.output<typeof transferProduct>;

export const transferCatalog = z.object({
  format: z.literal('juniper-catalog'),
  version: z.literal(1),
  currency: z.string().regex(/^[A-Z]{3}$/),
  products: z.array(z.unknown()).max(100_000),
});

export const importProblem = z.object({
  /** CSV: the 1-based line numbers of the product's rows (the header is line 1); JSON: its index. */
  rows: z.array(z.number().int()),
  handle: z.string().nullable(),
  field: z.string().nullable(),
  message: z.string(),
});

export const importResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  problems: z.array(importProblem),
});

const formatQuery = z.object({ format: z.enum(['csv', 'json']).default('csv') });

export const catalogTransferRoutes = {
  'GET /api/studio/catalog/export': {
    summary:
      'Studio: every product of the site as CSV (one row per variant) or JSON; imports into another site unchanged',
    querystring: formatQuery,
    response: z.string(),
  },
  'POST /api/studio/catalog/import': {
    summary:
      'Studio: create or update products from CSV (text/csv) or JSON (the export’s format); problems reported per product with its rows, the rest saved',
    querystring: formatQuery,
    response: importResult,
  },
} as const;
