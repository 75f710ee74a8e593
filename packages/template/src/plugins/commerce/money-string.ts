import type { RenderContext } from '../../plugin-api';
import { isTruthy } from '../../values';
import { currencyDigits } from '@store/commerce';
import { currencyOptions, wantsCodeStyle } from './currency-options';
import { type Decimal, decimalToIntl, decimalToString, movePoint } from '@store/commerce';
import { type Money, moneyAmount, moneyCurrency } from './prices';
import { numberFormat } from './number-formats';

const NATIVE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whether price blocks use CLDR currency strings instead of the native span. */
export function useCldrMoneyFormat(ctx: RenderContext): boolean {
  return isTruthy(ctx.resolve(['featureFlags', 'useCLDRMoneyFormat']));
}

/** CLDR-style currency string for a locale ('' without locale data). */
export function formatCurrency(
  amount: Decimal,
  currency: string,
  locale: string | null,
  args: readonly string[] = [],
): string {
  if (locale === null) return '';
  const value = decimalToIntl(amount);
  const code = wantsCodeStyle(args);
  for (const options of [currencyOptions(currency, args), currencyOptions(currency, [])]) {
    try {
      const fmt = numberFormat(locale, options);
      if (!code || options.currencyDisplay !== 'name') return fmt.format(value);
      return fmt
        .formatToParts(value)
        .map((p) => (p.type === 'currency' ? currency.toUpperCase() : p.value))
        .join('');
    } catch {
      // Options this Intl rejects: retry without them, then fall back below.
    }
  }
  // Unknown currency code or locale: still show the amount, with the code as given.
  const digits = currencyDigits(currency);
  const text = numberFormat('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
  return currency ? `${text} ${currency}` : text;
}

/** A price as printed by the price blocks: native span, or CLDR string behind the feature flag. */
export function moneyString(money: Money, args: readonly string[], ctx: RenderContext): string {
  const amount = moneyAmount(money);
  if (useCldrMoneyFormat(ctx)) return formatCurrency(amount, moneyCurrency(money), ctx.locale, args);
  // The platform divides the legacy cents as a double; doing the same keeps its rounding.
  const cents = Number.parseFloat(decimalToString(movePoint(amount, 2)));
  return `<span class="sqs-money-native">${NATIVE.format(cents / 100)}</span>`;
}
