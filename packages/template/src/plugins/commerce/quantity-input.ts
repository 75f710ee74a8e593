import type { Formatter, RenderContext } from '../../plugin-api';
import { isTruthy } from '../../values';
import { out } from './markup';
import { showsQuantityInput } from './product-rules';
import { Scope } from './scope';

/** The quantity field of a product, or undefined when the product does not offer one. */
export function quantityInput(item: unknown, ctx: RenderContext): string | undefined {
  if (!showsQuantityInput(item, ctx.resolve('websiteSettings'))) return undefined;
  const scope = new Scope(ctx, [item]);
  const custom = scope.resolve('localizedStrings.productQuantityInputLabel');
  const label = isTruthy(custom) ? out(custom) : 'Quantity';
  return (
    '\n\n\n' +
    `<div class="product-quantity-input" data-item-id="${out(scope.resolve('id'))}" data-animation-role="content">\n` +
    `  <div class="quantity-label">${label}:</div>\n` +
    `  <input aria-label="${label}" size="4" max="9999" min="1" value="1" type="number" step="1"></input>\n` +
    '</div>'
  );
}

/** `quantity-input` */
export const quantityInputFormatter: Formatter = (value, _args, ctx) => quantityInput(value, ctx);
