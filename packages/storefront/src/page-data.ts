import type { SubscriptionPlan } from '@store/commerce';

/** Money as templates see it: decimal string in major units. */
export interface MoneyValue {
  value: string;
  currency: string;
}

export interface VariantData {
  id: string;
  sku: string;
  price: number;
  salePrice: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  attributes: Record<string, string>;
  optionValues: { optionName: string; value: string }[];
  imageUrl: string | null;
}

export interface ProductData {
  id: string;
  title: string;
  fullUrl: string;
  assetUrl: string | null;
  collectionId: string;
  productType: 1 | 2 | 3 | 4;
  variants: VariantData[];
  variantOptionOrdering?: string[];
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  onSale: boolean;
  priceMoney: MoneyValue;
  salePriceMoney: MoneyValue;
  additionalFieldsFormId: string | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
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
  installments: Record<
    string,
    {
      afterPayAvailable: boolean;
      afterPayMin: MoneyValue;
      afterPayMax: MoneyValue;
      stripeAccountCountry: string;
    }
  >;
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
