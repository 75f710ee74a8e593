import type { Formatter, RenderContext } from '../../plugin-api';
import { isTruthy, toStr } from '../../values';
import { moneyString } from './money-string';
import { type PriceBlock, priceBlockBody } from './price-block';
import { pricingOptionMoney, pricingOptionsOfLowestVariant } from './prices';
import { hasVariedPrices } from './product-rules';
import { getPath } from './scope';

/** The price block built from the pricing options of the cheapest variant. */
export function subscriptionPrice(item: unknown, args: readonly string[], ctx: RenderContext): string {
  const options = pricingOptionsOfLowestVariant(item);
  let block: PriceBlock = {};
  if (options !== undefined && options.length > 0) {
    const first = options[0];
    const money = (m: unknown) => moneyString(m, args, ctx);
    const fromText = ctx.resolve(['localizedStrings', 'productPriceFromText']);
    block = {
      from: hasVariedPrices(item)
        ? {
            text: fromText === undefined ? 'from {fromPrice}' : toStr(fromText),
            price: money(pricingOptionMoney(first)),
          }
        : undefined,
      sale: isTruthy(getPath(first, ['onSale']))
        ? { text: '{price}', price: money(getPath(first, ['salePriceMoney'])) }
        : undefined,
      normal: { text: '{price}', price: money(getPath(first, ['priceMoney'])) },
    };
  }
  return `\n\n\n<div class="subscription-price">\n${priceBlockBody(block, ctx.locale)}\n</div>`;
}

/** `subscription-price [money options]` */
export const subscriptionPriceFormatter: Formatter = (value, args, ctx) =>
  subscriptionPrice(value, args, ctx);
