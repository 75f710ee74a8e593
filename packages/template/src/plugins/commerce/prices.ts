import { isTruthy, toStr } from '../../values';
import { compareDecimal, type Decimal, movePoint, parseDecimal, ZERO } from '@store/commerce';
import { ProductType, productType, variantsOf } from './product-rules';
import { getPath } from './scope';

/** A money object as found in product data: `{value: "12.50", currency: "USD"}`. */
export type Money = unknown;

/** What a product without a usable price shows. */
export const DEFAULT_MONEY: Readonly<{ value: string; currency: string }> = { value: '0', currency: 'USD' };

/** The amount of a money object in major units (0 when missing or not a number). */
export function moneyAmount(money: Money): Decimal {
  const value = toStr(getPath(money, ['value']));
  return (value && parseDecimal(value)) || ZERO;
}

/** The currency code of a money object (USD when absent). */
export function moneyCurrency(money: Money): string {
  const currency = getPath(money, ['currency']);
  return currency === undefined ? DEFAULT_MONEY.currency : toStr(currency).trim();
}

/** The legacy "cents" form the price formatters print: "100" -> 10000. */
export function legacyPrice(money: Money): Decimal {
  return movePoint(moneyAmount(money), 2);
}

/** The price a shopper pays for a variant: its sale price when on sale. */
const effectiveMoney = (variant: unknown): Money =>
  isTruthy(getPath(variant, ['onSale']))
    ? getPath(variant, ['salePriceMoney'])
    : getPath(variant, ['priceMoney']);

/** Pick the money object whose amount wins `better` (first one on ties). */
function pick(monies: readonly Money[], better: (a: Decimal, b: Decimal) => boolean): Money {
  let best = monies[0];
  let bestAmount = moneyAmount(best);
  for (const m of monies.slice(1)) {
    const amount = moneyAmount(m);
    if (better(amount, bestAmount)) {
      best = m;
      bestAmount = amount;
    }
  }
  return best;
}

const digitalMoney = (item: unknown, key: string): Money =>
  getPath(item, ['structuredContent', key]) ?? DEFAULT_MONEY;

/** Lowest price a shopper can pay (sale price where on sale). */
export function fromPrice(item: unknown): Money {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return digitalMoney(item, 'priceMoney');
  if (type === undefined) return DEFAULT_MONEY;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return DEFAULT_MONEY;
  return pick(variants.map(effectiveMoney), (a, b) => compareDecimal(a, b) < 0);
}

/** Highest regular price among the variants. */
export function normalPrice(item: unknown): Money {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return digitalMoney(item, 'priceMoney');
  if (type === undefined) return DEFAULT_MONEY;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return DEFAULT_MONEY;
  return pick(
    variants.map((v) => getPath(v, ['priceMoney'])),
    (a, b) => compareDecimal(a, b) > 0,
  );
}

/** Lowest sale price among variants on sale (physical/service), the item's (digital). */
export function salePrice(item: unknown): Money {
  const type = productType(item);
  if (type === ProductType.DIGITAL) return digitalMoney(item, 'salePriceMoney');
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return DEFAULT_MONEY;
  const onSale = (variantsOf(item) ?? []).filter((v) => isTruthy(getPath(v, ['onSale'])));
  if (onSale.length === 0) return DEFAULT_MONEY;
  return pick(
    onSale.map((v) => getPath(v, ['salePriceMoney'])),
    (a, b) => compareDecimal(a, b) < 0,
  );
}

/** Subscription pricing options of the cheapest physical/service variant (first on ties). */
export function pricingOptionsOfLowestVariant(item: unknown): readonly unknown[] | undefined {
  const type = productType(item);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return undefined;
  const variants = variantsOf(item) ?? [];
  if (variants.length === 0) return undefined;
  let best = variants[0];
  let bestAmount = moneyAmount(effectiveMoney(best));
  for (const v of variants.slice(1)) {
    const amount = moneyAmount(effectiveMoney(v));
    if (compareDecimal(amount, bestAmount) < 0) {
      best = v;
      bestAmount = amount;
    }
  }
  const options = getPath(best, ['pricingOptions']);
  return Array.isArray(options) ? options : undefined;
}

/** The price of a pricing option a shopper pays (sale price when on sale). */
export function pricingOptionMoney(option: unknown): Money {
  return effectiveMoney(option);
}
