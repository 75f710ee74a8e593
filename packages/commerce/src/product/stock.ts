import { ProductType } from './product-types';

/**
 * Whether a product type counts stock (spec §4): physical and service products do; digital
 * products and gift cards never run out. The one answer for the cart, checkout, the page
 * and the template predicates.
 *
 * @example
 * tracksStock(ProductType.SERVICE); // true
 * tracksStock(ProductType.DIGITAL); // false
 */
export function tracksStock(productType: number | undefined): boolean {
  return productType === ProductType.PHYSICAL || productType === ProductType.SERVICE;
}

/**
 * Whether a variant of a product of this type can be sold right now: not tracked, unlimited,
 * or with at least one unit in stock.
 *
 * @example
 * variantInStock(ProductType.PHYSICAL, { unlimited: false, qtyInStock: 0 }); // false
 */
export function variantInStock(
  productType: number | undefined,
  variant: { unlimited: boolean; qtyInStock: number },
): boolean {
  return !tracksStock(productType) || variant.unlimited || variant.qtyInStock > 0;
}
