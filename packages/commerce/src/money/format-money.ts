import { currencyInfo } from './currencies';
import { minorToDecimal } from './minor-to-decimal';

export interface FormatMoneyOptions {
  /** Drop an all-zero fraction ("$12" instead of "$12.00"), as the cart subtotal text does. */
  trimZeroFraction?: boolean;
}

/**
 * Formats integer minor units for display with the currency's symbol, placement and separators.
 *
 * @example
 * formatMoney(123450, 'USD'); // "$1,234.50"
 * formatMoney(123450, 'DKK'); // "1.234,50 kr"
 * formatMoney(-999, 'GBP');   // "-£9.99"
 * formatMoney(1200, 'USD', { trimZeroFraction: true }); // "$12"
 */
export function formatMoney(minor: number, currency: string, options: FormatMoneyOptions = {}): string {
  const info = currencyInfo(currency);
  const decimal = minorToDecimal(minor, currency);
  const negative = decimal.startsWith('-');
  const [integer = '', fraction = ''] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, info.thousandsSeparator);
  const showFraction = fraction !== '' && !(options.trimZeroFraction && /^0+$/.test(fraction));
  const number = showFraction ? grouped + info.decimalSeparator + fraction : grouped;
  const sign = negative ? '-' : '';
  if (info.symbolAfter) return `${sign}${number} ${info.symbol}`;
  // Letter symbols ("CHF", "RM") need a space before the digits to stay readable.
  const gap = /\p{L}$/u.test(info.symbol) ? ' ' : '';
  return `${sign}${info.symbol}${gap}${number}`;
}
