import type { Formatter } from '../../plugin-api';
import { toStr } from '../../values';
import { currencyDigits, currencyForLocale } from '@store/commerce';
import { type Decimal, decimalToIntl, movePoint, parseDecimal, ZERO } from '@store/commerce';
import { formatCurrency } from './money-string';
import { numberFormat } from './number-formats';

/** Minor units held by a number or numeric string; undefined for anything else. */
function minorUnits(value: unknown): Decimal | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? parseDecimal(String(value)) : undefined;
  if (typeof value === 'string') return parseDecimal(value);
  return undefined;
}

/**
 * Minor units as a decimal with the currency's digits (`12345` -> `123.45`), in the store's
 * native display: comma thousands separator, point decimal separator, whatever the locale.
 */
export function formatMinorUnits(units: Decimal, currency: string): string {
  const digits = currencyDigits(currency);
  const fmt = numberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    roundingMode: 'halfEven',
  });
  return fmt.format(decimalToIntl(movePoint(units, -digits)));
}

/** `moneyFormat [CURRENCY]` / `money-format [CURRENCY]`: minor units to a decimal string. */
export const moneyFormatFormatter: Formatter = (value, args) => {
  const units = minorUnits(value);
  if (units === undefined) return '';
  return formatMinorUnits(units, args[0] ?? 'USD');
};

/** `money-string [CURRENCY]`: the money-format text in the native money span. */
export const moneyStringFormatter: Formatter = (value, args) => {
  const units = minorUnits(value);
  if (units === undefined) return '';
  return `<span class="sqs-money-native">${formatMinorUnits(units, args[0] ?? 'USD')}</span>`;
};

/** `bookkeeper-money-format`: integer cents in the currency of the locale's region. */
export const bookkeeperMoneyFormatter: Formatter = (value, _args, ctx) => {
  if (ctx.locale === null) return '';
  const cents = parseDecimal(toStr(value)) ?? ZERO;
  return formatCurrency(movePoint(cents, -2), currencyForLocale(ctx.locale), ctx.locale);
};

/** `percentage-format [trim]`: locale decimal with 2–3 fraction digits (0–3 with trim). */
export const percentageFormatter: Formatter = (value, args, ctx) => {
  if (ctx.locale === null) return '';
  const n = parseDecimal(toStr(value)) ?? ZERO;
  return numberFormat(ctx.locale, {
    minimumFractionDigits: args.includes('trim') ? 0 : 2,
    maximumFractionDigits: 3,
    roundingMode: 'halfEven',
    signDisplay: 'negative',
  }).format(decimalToIntl(n));
};
