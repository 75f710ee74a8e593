import type { Formatter } from '../../plugin-api';
import { toStr } from '../../values';
import { cldrFor } from './cldr';
import { moneyParts, parseDecimal } from './decimal-value';
import { currencyOptions, decimalOptions } from './options';

/** `{n|decimal ...}`: locale number formatting; invalid input gives empty. */
export const decimal: Formatter = (value, args, ctx) => {
  const cldr = cldrFor(ctx.locale);
  if (!cldr) return '';
  const num = parseDecimal(toStr(value));
  return num === undefined ? '' : cldr.Numbers.formatDecimal(num, decimalOptions(args));
};

/** `{m|money ...}`: CLDR currency format of a money object. */
export const money: Formatter = (value, args, ctx) => {
  const parts = moneyParts(value);
  const cldr = cldrFor(ctx.locale);
  if (!parts || !cldr) return '';
  const num = parseDecimal(toStr(parts.amount));
  if (num === undefined) return '';
  return cldr.Numbers.formatCurrency(num, parts.currency as never, currencyOptions(args));
};
