import type { Predicate } from '../../plugin-api';
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from './product-rules';

/** The commerce predicates test the current node as a product item. */
export const commercePredicates: Readonly<Record<string, Predicate>> = {
  'has-variants?': (_args, ctx) => hasVariants(ctx.node),
  'on-sale?': (_args, ctx) => isOnSale(ctx.node),
  'sold-out?': (_args, ctx) => isSoldOut(ctx.node),
  'varied-prices?': (_args, ctx) => hasVariedPrices(ctx.node),
};
