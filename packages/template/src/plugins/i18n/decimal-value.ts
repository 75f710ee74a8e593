import type { Decimal } from '@phensley/cldr';
import { isObject, toNum, toStr } from '../../values';
import { cldrLib } from './cldr';

/** Parse text as an arbitrary-precision decimal; undefined when it is not a number. */
export function parseDecimal(text: string): Decimal | undefined {
  try {
    const d = new (cldrLib().Decimal)(text.trim());
    return d.isNaN() ? undefined : d;
  } catch {
    return undefined;
  }
}

/** A money value: `{decimalValue, currencyCode}`, else `{value, currency}`. */
export interface MoneyParts {
  readonly amount: unknown;
  readonly currency: string;
}

export function moneyParts(value: unknown): MoneyParts | undefined {
  if (!isObject(value)) return undefined;
  if (value.decimalValue !== undefined && value.currencyCode !== undefined) {
    return { amount: value.decimalValue, currency: toStr(value.currencyCode) };
  }
  if (value.value !== undefined && value.currency !== undefined) {
    return { amount: value.value, currency: toStr(value.currency) };
  }
  return undefined;
}

/**
 * A value as a number the way the reference engine reads dates: like `toNum`, except that
 * an unparsable string is NaN (so date formatters can reject it) rather than 0.
 */
export function numberOf(value: unknown): number {
  if (typeof value === 'string') {
    return value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
  }
  return toNum(value);
}
