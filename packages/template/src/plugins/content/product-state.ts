// Item classes mark store items on sale / sold out with the same rule as the `on-sale?` and
// `sold-out?` predicates: both ask @store/commerce through the commerce plugin's adapters.
export { isOnSale, isSoldOut } from '../commerce/product-rules';
