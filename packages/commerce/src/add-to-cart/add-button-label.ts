import { DEFAULT_LABELS } from '../constants';
import type { Product } from '../product/product-types';

/**
 * The add-to-cart button's resting text (spec §9): custom text when the product asks for it,
 * then "Subscribe" for subscribable products, "Purchase" for express checkout, else "Add to Cart"
 * (localized strings override the defaults).
 *
 * @example
 * addButtonLabel(tee);                     // "Add to Cart"
 * addButtonLabel(tee, { express: true });  // "Purchase"
 */
export function addButtonLabel(
  product: Pick<Product, 'isSubscribable' | 'useCustomAddButtonText' | 'customAddButtonText'>,
  options: { express?: boolean; productAddToCartText?: string; productSubscribeText?: string } = {},
): string {
  if (product.useCustomAddButtonText && product.customAddButtonText?.trim())
    return product.customAddButtonText;
  if (product.isSubscribable) return options.productSubscribeText || DEFAULT_LABELS.subscribe;
  if (options.express) return DEFAULT_LABELS.purchase;
  return options.productAddToCartText || DEFAULT_LABELS.addToCart;
}
