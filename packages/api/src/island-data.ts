import type { Product, Variant } from '@store/commerce';
import { z } from 'zod';
import { checkoutNewsletterBox } from './checkout-newsletter';

/**
 * A product as the server gives it to islands: the commerce rules' `Product` (minor units, the
 * one declaration of a product) plus its URL, main image and each variant's own image.
 */
export type IslandProduct = Omit<Product, 'variants'> & {
  fullUrl: string;
  assetUrl: string | null;
  /** Further pictures of the product (gallery), after the main image. */
  images?: string[];
  variants: (Variant & { imageUrl: string | null })[];
};

/** The instalment context per item (spec §3), its limits in minor units. */
const instalments = z.object({
  afterPayAvailable: z.boolean(),
  afterPayMinCents: z.number().int(),
  afterPayMaxCents: z.number().int(),
  shopperLanguage: z.string(),
  stripeAccountCountry: z.string(),
});

/**
 * The page's island data: the JSON the server writes into `#sf-data` (pages/island-data.ts
 * builds it against this schema) and the islands read (storefront page-data.ts). Server-made,
 * so it is typed here rather than validated in the browser.
 */
export const islandData = z.object({
  pageType: z.number().int(),
  itemId: z.string().nullable(),
  collectionId: z.string().nullable(),
  collectionName: z.string().nullable(),
  websiteId: z.string(),
  website: z.object({ id: z.string(), language: z.string().optional() }),
  item: z.object({ recordType: z.number().optional() }).nullable(),
  sourceEnvironment: z.enum(['prod', 'dev']),
  currency: z.string(),
  localizedStrings: z.record(z.string(), z.string()),
  /** The theme's words the islands say (form messages, the instalment line) in the page's language. */
  strings: z.record(z.string(), z.string()).optional(),
  storeSettings: z.looseObject({
    expressCheckout: z.boolean().optional(),
    minimumOrderSubtotalCents: z.number().int().optional(),
  }),
  multipleQuantityAllowedForServices: z.boolean().optional(),
  products: z.record(z.string(), z.custom<IslandProduct>()),
  merchandising: z.record(z.string(), z.record(z.string(), z.unknown())),
  installments: z.record(z.string(), instalments),
  form: z.record(z.string(), z.unknown()).nullable(),
  orderId: z.string().nullable(),
  /** The checkout page's "Keep me posted" box: its words, or null when the store has it off. */
  checkoutNewsletter: checkoutNewsletterBox.optional(),
});

export type IslandData = z.output<typeof islandData>;
export type InstalmentData = z.output<typeof instalments>;
