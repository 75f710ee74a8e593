import { ProductType } from './product-types';
import { tracksStock } from './stock';

/** Catalog limits of spec §9, verbatim. */
export const MAX_PRODUCTS_PER_COLLECTION = 200;
export const MAX_NESTED_CATEGORIES = 10_000;
export const CATEGORY_LENGTH_MAX = 25;

/**
 * At or below this many units a tracked product or variant counts as "low" in the studio's
 * stock filter. The spec names no number; five matches the scarcity messages of the demo.
 */
export const LOW_STOCK_THRESHOLD = 5;

/** Stock states the studio filters by. */
export const STOCK_STATES = ['in_stock', 'low', 'out', 'unlimited'] as const;
export type StockState = (typeof STOCK_STATES)[number];

/**
 * The stock state of one variant of a product of this type: untracked types (digital, gift
 * card) and unlimited variants are "unlimited"; otherwise out at 0, low up to the threshold.
 *
 * @example
 * variantStockState(ProductType.PHYSICAL, { unlimited: false, qtyInStock: 3 }); // 'low'
 */
export function variantStockState(
  productType: number,
  variant: { unlimited: boolean; qtyInStock: number },
): StockState {
  if (!tracksStock(productType) || variant.unlimited) return 'unlimited';
  return quantityState(variant.qtyInStock);
}

/** The stock state of a whole product (spec §4 total stock). */
export function productStockState(
  productType: number,
  variants: { unlimited: boolean; qtyInStock: number }[],
): StockState {
  // Spec §4 total stock: untracked types and any unlimited variant make the product unlimited.
  if (!tracksStock(productType) || variants.some((v) => v.unlimited)) return 'unlimited';
  return quantityState(variants.reduce((sum, v) => sum + Math.max(0, v.qtyInStock), 0));
}

function quantityState(quantity: number): StockState {
  if (quantity <= 0) return 'out';
  return quantity <= LOW_STOCK_THRESHOLD ? 'low' : 'in_stock';
}

/** Spec §9: subscribable product types are physical and service. */
export function canBeSubscription(productType: number): boolean {
  return productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
}
