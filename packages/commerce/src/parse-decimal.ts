/** A decimal number split into its digit strings, so money never passes through a float. */
export interface DecimalParts {
  negative: boolean;
  /** Integer digits without leading zeros ("" for zero). */
  integer: string;
  /** Fraction digits as written (may be ""). */
  fraction: string;
}

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Splits a plain decimal string ("-1234.50", "12", ".5") into sign, integer and fraction digits.
 * Returns null for anything else (exponents, grouping separators, empty text).
 *
 * @example
 * parseDecimal('-012.50'); // { negative: true, integer: '12', fraction: '50' }
 */
export function parseDecimal(text: string): DecimalParts | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, int = '', frac = ''] = match;
  if (int === '' && frac === '') return null;
  return { negative: sign === '-', integer: int.replace(/^0+/, ''), fraction: frac };
}
