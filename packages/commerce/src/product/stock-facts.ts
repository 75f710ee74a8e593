import { flagOf, productTypeOf, recordOf, stockUnitsOf } from './item-fields';
import type { ProductTypeCode, Variant } from './product-types';

/** What the sold-out, on-sale, stock and variant rules need to know about a product. */
export interface StockFacts {
  /** undefined when the stored type is not one of spec §3's codes. */
  productType: ProductTypeCode | undefined;
  onSale?: boolean;
  isSubscribable?: boolean;
  variants: readonly Pick<Variant, 'onSale' | 'qtyInStock' | 'unlimited'>[];
}

/**
 * Reads the stock facts of a page-context product item (fields under `structuredContent`)
 * without touching prices, so it never throws: the template predicates and item classes
 * call it on whatever data a page has.
 *
 * @example
 * stockFacts({ structuredContent: { productType: 1, variants: [{ qtyInStock: '0.5' }] } });
 * // { productType: 1, onSale: false, isSubscribable: false, variants: [{ onSale: false, qtyInStock: 0, unlimited: false }] }
 */
export function stockFacts(item: unknown): StockFacts {
  const content = recordOf(recordOf(item).structuredContent);
  const variants = Array.isArray(content.variants) ? content.variants : [];
  return {
    productType: productTypeOf(content.productType),
    onSale: flagOf(content.onSale),
    isSubscribable: flagOf(content.isSubscribable),
    variants: variants.map((raw) => {
      const v = recordOf(raw);
      return {
        onSale: flagOf(v.onSale),
        qtyInStock: stockUnitsOf(v.qtyInStock),
        unlimited: flagOf(v.unlimited),
      };
    }),
  };
}
