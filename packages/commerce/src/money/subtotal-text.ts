import { formatMoney } from './format-money';

/**
 * The cart subtotal as shown by the pill cart and header link: zero fractions trimmed (spec §4).
 *
 * @example
 * subtotalText(1200, 'USD'); // "$12"
 * subtotalText(1250, 'USD'); // "$12.50"
 */
export function subtotalText(minor: number, currency: string): string {
  return formatMoney(minor, currency, { trimZeroFraction: true });
}
