import type { Product, Variant } from './product-types';

/**
 * What a variant costs now: its sale price when on sale, else its price (minor units).
 *
 * @example
 * variantPriceCents({ priceCents: 7200, salePriceCents: 5400, onSale: true }); // 5400
 */
export function variantPriceCents(
  variant: Pick<Variant, 'priceCents' | 'salePriceCents' | 'onSale'>,
): number {
  return variant.onSale ? variant.salePriceCents : variant.priceCents;
}

/**
 * The price a shopper sees before choosing a variant: the lowest current price of all
 * variants (sale prices included), so an instalment pill or a "from" price never shows
 * more than the page's headline price.
 *
 * @example
 * displayPriceCents({ variants: [{ priceCents: 7200, salePriceCents: 5400, onSale: true }] }); // 5400
 */
export function displayPriceCents(product: Pick<Product, 'variants'>): number {
  if (product.variants.length === 0) return 0;
  return Math.min(...product.variants.map(variantPriceCents));
}
