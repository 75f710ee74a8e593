/**
 * Exact decimal numbers for money and percentage strings ("12.50", "100", "1e3"): the one
 * decimal parser of the store, so prices are compared, shifted and converted to minor units
 * without binary floating point errors. value = coef × 10^-scale.
 */
export interface Decimal {
  readonly coef: bigint;
  readonly scale: number;
}

export const ZERO: Decimal = { coef: 0n, scale: 0 };

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/**
 * Parse a decimal string; undefined when it is not a number. Template data may carry
 * exponents ("1e3"); money typed by people may not (`{ exponent: false }`).
 *
 * @example
 * parseDecimal('-012.50'); // { coef: -1250n, scale: 2 }
 * parseDecimal('1e3', { exponent: false }); // undefined
 */
export function parseDecimal(text: string, options: { exponent?: boolean } = {}): Decimal | undefined {
  const m = DECIMAL_RE.exec(text);
  if (!m) return undefined;
  if (m[4] !== undefined && options.exponent === false) return undefined;
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  if (int === '' && frac === '') return undefined;
  const exp = m[4] ? Number.parseInt(m[4], 10) : 0;
  if (Math.abs(exp) > 1000) return undefined;
  let coef = BigInt(int + frac || '0');
  if (m[1] === '-') coef = -coef;
  let scale = frac.length - exp;
  if (scale < 0) {
    coef *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { coef, scale };
}

/** Multiply by 10^n (n may be negative). */
export function movePoint(d: Decimal, n: number): Decimal {
  const scale = d.scale - n;
  return scale < 0 ? { coef: d.coef * 10n ** BigInt(-scale), scale: 0 } : { coef: d.coef, scale };
}

export function compareDecimal(a: Decimal, b: Decimal): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.coef * 10n ** BigInt(scale - a.scale);
  const y = b.coef * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Plain notation, keeping the fraction digits the value carries ("1250", "123.40"). */
export function decimalToString(d: Decimal): string {
  const neg = d.coef < 0n;
  let digits = (neg ? -d.coef : d.coef).toString();
  if (d.scale > 0) {
    digits = digits.padStart(d.scale + 1, '0');
    digits = `${digits.slice(0, digits.length - d.scale)}.${digits.slice(digits.length - d.scale)}`;
  }
  return neg ? `-${digits}` : digits;
}

export function decimalToNumber(d: Decimal): number {
  return Number(decimalToString(d));
}

/** Exact input for Intl.NumberFormat#format, which formats numeric strings without rounding to a double. */
export function decimalToIntl(d: Decimal): `${number}` {
  return decimalToString(d) as `${number}`;
}
