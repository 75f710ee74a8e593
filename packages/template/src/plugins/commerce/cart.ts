import type { Formatter } from '../../plugin-api';
import { toNum } from '../../values';
import { getPath } from './scope';

/** `cart-quantity`: the summed quantity of the cart entries. */
export const cartQuantityFormatter: Formatter = (value) => {
  const entries = getPath(value, ['entries']);
  let total = 0;
  if (Array.isArray(entries)) for (const e of entries) total += toNum(getPath(e, ['quantity']));
  return `<span class="sqs-cart-quantity">${total}</span>`;
};

/** `cart-subtotal`: retired; prints the notice the platform always printed. */
export const cartSubtotalFormatter: Formatter = () => 'deprecated, do not use';

/** `cart-url`: the cart page. */
export const cartUrlFormatter: Formatter = () => '/cart';
