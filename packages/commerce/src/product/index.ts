// Products: types, sold out / on sale, stock, variants.
export { hasVariantSelection } from './has-variant-selection';
export { isOnSale } from './is-on-sale';
export { isSoldOut } from './is-sold-out';
export { optionNames } from './option-names';
export { productFromItem } from './product-from-item';
export { type ProductMark, productMark } from './product-mark';
export {
  type BillingUnit,
  type Product,
  ProductType,
  type ProductTypeCode,
  type SubscriptionPlan,
  type Variant,
  type VariantOptionValue,
} from './product-types';
export { resolveVariant } from './resolve-variant';
export { showQuantityInput } from './show-quantity-input';
export { type StockLevel, totalStock } from './total-stock';
export { flagOf, productTypeOf, stockUnitsOf } from './item-fields';
export { tracksStock, variantInStock } from './stock';
export { type StockFacts, stockFacts } from './stock-facts';
export { displayPriceCents, variantPriceCents } from './variant-price';
// Catalog editing (studio and its API): limits, stock states, messages, the variant grid.
export {
  CATEGORY_LENGTH_MAX,
  LOW_STOCK_THRESHOLD,
  MAX_NESTED_CATEGORIES,
  MAX_PRODUCTS_PER_COLLECTION,
  STOCK_STATES,
  type StockState,
  canBeSubscription,
  productStockState,
  variantStockState,
} from './catalog-limits';
export { CATALOG_MESSAGES } from './catalog-messages';
export { type GridOption, optionCombinations, variantGrid } from './variant-grid';
export { type VariantSetProblem, checkVariantSet } from './variant-rules';
