import type { Formatter, RenderContext } from '../../plugin-api';
import { toNum, toStr } from '../../values';
import { moneyString } from './money-string';
import { type PriceBlock, priceBlockBody } from './price-block';
import { fromPrice, normalPrice, salePrice } from './prices';
import { hasVariedPrices, isOnSale, isSubscribable } from './product-rules';
import { getPath } from './scope';
import { defaultSubscriptionString, subscriptionStringKey, subscriptionTerms } from './subscription-wording';

const localized = (ctx: RenderContext, key: string): string | undefined => {
  const value = ctx.resolve(['localizedStrings', key]);
  return value === undefined ? undefined : toStr(value);
};

/** One-time purchase: "from" text for varied prices, sale and normal prices. */
function oneTimeBlock(item: unknown, args: readonly string[], ctx: RenderContext): PriceBlock {
  const money = (m: unknown) => moneyString(m, args, ctx);
  return {
    fromAsPrice: true,
    from: hasVariedPrices(item)
      ? { text: localized(ctx, 'productPriceFromText') ?? 'from {fromPrice}', price: money(fromPrice(item)) }
      : undefined,
    sale: isOnSale(item) ? { text: '{price}', price: money(salePrice(item)) } : undefined,
    normal: { text: '{price}', price: money(normalPrice(item)) },
  };
}

/** Subscription: the same prices worded with the billing period ("every 2 weeks for 1 year"). */
function subscriptionBlock(item: unknown, args: readonly string[], ctx: RenderContext): PriceBlock {
  const terms = subscriptionTerms(item);
  if (terms === undefined) {
    return { from: { text: localized(ctx, 'productPriceUnavailable') ?? 'Unavailable', price: 'true' } };
  }
  const multiple = hasVariedPrices(item);
  const text =
    localized(ctx, subscriptionStringKey(terms, multiple)) ?? defaultSubscriptionString(terms, multiple);
  const money = (m: unknown) => moneyString(m, args, ctx);
  return {
    fromAsPrice: true,
    extra: { billingPeriodValue: terms.periodValue, duration: terms.duration },
    from: multiple ? { text, price: money(fromPrice(item)) } : undefined,
    sale: isOnSale(item) ? { text, price: money(salePrice(item)) } : undefined,
    normal: { text, price: money(normalPrice(item)) },
  };
}

/** The price block of a product item. */
export function productPrice(item: unknown, args: readonly string[], ctx: RenderContext): string {
  let block: PriceBlock = {};
  if (isSubscribable(item)) block = subscriptionBlock(item, args, ctx);
  // Only an explicit "undefined" type code (-1) has no price; unknown codes still show one.
  else if (toNum(getPath(item, ['structuredContent', 'productType'])) !== -1)
    block = oneTimeBlock(item, args, ctx);
  return `\n\n\n<div class="product-price">\n${priceBlockBody(block, ctx.locale)}\n</div>`;
}

/** `product-price [money options]` */
export const productPriceFormatter: Formatter = (value, args, ctx) => productPrice(value, args, ctx);
