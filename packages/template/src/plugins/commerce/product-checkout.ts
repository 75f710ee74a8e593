import type { Formatter } from '../../plugin-api';
import { addToCartButton } from './add-to-cart-btn';
import { quantityInput } from './quantity-input';
import { variantsSelect } from './variants-select';

/** `product-checkout`: variant selectors, quantity field and add-to-cart button. */
export const productCheckoutFormatter: Formatter = (value, _args, ctx) =>
  (variantsSelect(value, ctx) ?? '') + (quantityInput(value, ctx) ?? '') + addToCartButton(value, ctx);
