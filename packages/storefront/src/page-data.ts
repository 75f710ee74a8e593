import type { Product, Variant } from '@store/commerce';

/**
 * A product as the server gives it to islands: the commerce rules' `Product` (minor units)
 * plus its URL, main image and each variant's own image.
 */
export type ProductData = Product & {
  fullUrl: string;
  assetUrl: string | null;
  variants: (Variant & { imageUrl: string | null })[];
};

/** The instalment context per item (spec §3), its limits in minor units. */
export interface InstalmentData {
  afterPayAvailable: boolean;
  afterPayMinCents: number;
  afterPayMaxCents: number;
  shopperLanguage: string;
  stripeAccountCountry: string;
}

export interface PageData {
  pageType: number;
  itemId: string | null;
  collectionId: string | null;
  collectionName: string | null;
  websiteId: string;
  currency: string;
  localizedStrings: Record<string, string>;
  storeSettings: { expressCheckout?: boolean; minimumOrderSubtotalCents?: number; [k: string]: unknown };
  multipleQuantityAllowedForServices?: boolean;
  products: Record<string, ProductData>;
  merchandising: Record<string, Record<string, unknown>>;
  installments: Record<string, InstalmentData>;
  form: Record<string, unknown> | null;
  orderId: string | null;
}

let cached: PageData | null = null;

/** The page's island data (the JSON the server put in #sf-data). */
export function pageData(): PageData {
  if (cached) return cached;
  const el = document.getElementById('sf-data');
  try {
    cached = JSON.parse(el?.textContent || '{}') as PageData;
  } catch {
    cached = {} as PageData;
  }
  cached.products ??= {};
  cached.localizedStrings ??= {};
  cached.storeSettings ??= {};
  cached.currency ??= 'USD';
  return cached;
}
