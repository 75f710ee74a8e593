import { ProductType } from './product-types';
import type { StockFacts } from './stock-facts';
import { totalStock } from './total-stock';

/**
 * Quantity input visibility (spec §5): physical products, or services when the store allows
 * multiple quantities (default true), and only when not subscribable and total stock is above 1.
 *
 * @example
 * showQuantityInput(teeWithStock5); // true
 * showQuantityInput(service, { multipleQuantityAllowedForServices: false }); // false
 */
export function showQuantityInput(
  product: Pick<StockFacts, 'productType' | 'variants' | 'isSubscribable'>,
  settings: { multipleQuantityAllowedForServices?: boolean } = {},
): boolean {
  const allowsServices = settings.multipleQuantityAllowedForServices ?? true;
  const typeAllows =
    product.productType === ProductType.PHYSICAL ||
    (product.productType === ProductType.SERVICE && allowsServices);
  if (!typeAllows || product.isSubscribable) return false;
  const stock = totalStock(product);
  return stock.unlimited || stock.quantity > 1;
}
