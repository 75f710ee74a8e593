/** Product type codes (spec §3 "Enumerations"). Paywall appears only in some listings. */
export const ProductType = {
  PHYSICAL: 1,
  DIGITAL: 2,
  SERVICE: 3,
  GIFT_CARD: 4,
  PAYWALL: 5,
} as const;

export type ProductTypeCode = (typeof ProductType)[keyof typeof ProductType];

/** Subscription billing unit (spec §3 "Subscription"). */
export type BillingUnit = 'WEEK' | 'MONTH' | 'YEAR';

/** A subscription plan: bill every `billingPeriod`, `numBillingCycles` times (0 = indefinite). */
export interface SubscriptionPlan {
  billingPeriod: { value: number; unit: BillingUnit };
  numBillingCycles: number;
}

/** One option value of a variant, e.g. { optionName: 'Size', value: 'M' }. */
export interface VariantOptionValue {
  optionName: string;
  value: string;
}

/** A purchasable variant (spec §3 "Variant"), prices in integer minor units. */
export interface Variant {
  /** Stable id, when the store has one (the restock signup uses it). */
  id?: string;
  sku: string;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  /** Option name to chosen value, e.g. { Size: 'M', Color: 'Red' }. */
  attributes: Record<string, string>;
  optionValues: VariantOptionValue[];
}

/**
 * A store product (spec §3 "Product item", structuredContent flattened), prices in minor units.
 * Digital products keep price and sale at item level; variants carry them otherwise.
 */
export interface Product {
  id: string;
  collectionId?: string;
  title: string;
  productType: ProductTypeCode;
  variants: Variant[];
  isSubscribable: boolean;
  subscriptionPlan: SubscriptionPlan | null;
  /** Item-level sale flag (used for digital products). */
  onSale?: boolean;
  /** Item-level prices (digital products), integer minor units. */
  priceCents?: number;
  salePriceCents?: number;
  additionalFieldsFormId: string | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  /** Display order of option names; falls back to the order found in the variants. */
  variantOptionOrdering?: string[];
}
