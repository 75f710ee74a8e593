import type { CurrencyCode } from '../money/currencies';
import type { MoneyShape } from '../money/money-shape';
import type { ProductTypeCode } from '../product/product-types';

/** The variant an entry was added with (spec §3 "Cart entry"). */
export interface ChosenVariant {
  sku: string;
  attributes: Record<string, string>;
}

/** One line of the cart (spec §3 "Cart entry"); money in integer minor units. */
export interface CartEntry {
  id: string;
  itemId: string;
  chosenVariant: ChosenVariant;
  quantity: number;
  title: string;
  /** purchasePriceCents × quantity, in minor units. */
  subTotal: number;
  /** Unit price paid (sale price when on sale), in minor units. */
  purchasePriceCents: number;
  /** Answers of the additional-fields form as a JSON string, or null. */
  additionalFields: string | null;
  /** Not named by the spec, but needed for hasDigital / requiresShipping / instalments. */
  productType: ProductTypeCode;
}

/** A shipping option as the cart offers it: `costCents` is what it costs for this cart. */
export interface ShippingOption {
  id: string;
  name: string;
  description?: string;
  costCents: number;
}

export interface ShippingLocation {
  /** ISO 3166-1 alpha-2 country code. */
  country: string;
  region?: string;
  postalCode?: string;
}

/**
 * A percentage tax rule. `ratePercent` is a decimal string ("8.875") so the tax is exact.
 * A rule with a country (and optionally region) applies only to that shipping location.
 */
export interface TaxRule {
  id: string;
  name: string;
  ratePercent: string;
  country?: string;
  region?: string;
  /** Whether the shipping cost is taxed too (default false). */
  appliesToShipping?: boolean;
  /**
   * true: prices already include this tax (VAT style): the tax shown is the part of the price
   * that is tax and the total does not change. false (default): the tax is added on top.
   */
  included?: boolean;
}

interface CouponBase {
  code: string;
  /** Coupon applies only when the cart subtotal is at least this much (minor units). */
  minSubtotalCents?: number | null;
  /** Validity window, epoch milliseconds (null or absent: open-ended). */
  startsAt?: number | null;
  expiresAt?: number | null;
  /** How many orders may use it (null or absent: unlimited), and how many have. */
  usageLimit?: number | null;
  timesUsed?: number;
}

/** A discount coupon: a percentage of the subtotal, a fixed amount off, or free shipping. */
export type Coupon =
  | (CouponBase & { type: 'PERCENTAGE'; percent: string })
  | (CouponBase & { type: 'FIXED_AMOUNT'; amountCents: number })
  | (CouponBase & { type: 'FREE_SHIPPING' });

export type CouponRejectionCode =
  | 'COUPON_MIN_SUBTOTAL_NOT_MET'
  | 'COUPON_EXPIRED'
  | 'COUPON_NOT_STARTED'
  | 'COUPON_DUPLICATE'
  | 'COUPON_USED_UP'
  | 'COUPON_MALFORMED';

/** A coupon that does not apply, with the reason as a stable code and a message. */
export interface InvalidCoupon {
  coupon: Coupon;
  code: CouponRejectionCode;
  message: string;
}

/** The shopping cart entity (spec §3). Derived fields are filled by `deriveCart`. */
export interface ShoppingCart {
  id: string;
  websiteId: string;
  orderId: string | null;
  /** Epoch milliseconds. */
  created: number;
  isPurchased: boolean;
  entries: CartEntry[];
  shippingOptions: ShippingOption[];
  selectedShippingOption: ShippingOption | null;
  shippingLocation: ShippingLocation | null;
  applicableTaxRules: TaxRule[];
  coupons: Coupon[];
  validCoupons: Coupon[];
  invalidCoupons: InvalidCoupon[];
  subtotalCents: number;
  taxCents: number;
  /** The part of taxCents already inside the prices (included tax rules): not added to the total. */
  includedTaxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
  /** Store currency of every amount in the cart. */
  currency: CurrencyCode;
  /** subtotalCents as an API money object in the store currency. */
  subtotalAmount: MoneyShape;
}
