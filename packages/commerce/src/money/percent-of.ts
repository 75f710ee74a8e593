import { CommerceError } from '../messages/money';
import { parseDecimal } from './decimal';

/**
 * `percent`% of an amount in minor units, rounded half away from zero to a whole minor unit.
 * The percentage is a decimal string ("8.875") so the arithmetic is exact (BigInt, no floats).
 *
 * @example
 * percentOf(1999, '8.875'); // 177  (177.41125 rounded)
 * percentOf(1000, '12.5');  // 125
 * percentOf(5, '50');       // 3    (2.5 rounds up)
 */
export function percentOf(minor: number, percent: string): number {
  if (!Number.isSafeInteger(minor)) throw new CommerceError('INVALID_MINOR_UNITS');
  const parsed = typeof percent === 'string' ? parseDecimal(percent.trim(), { exponent: false }) : undefined;
  if (!parsed || parsed.coef < 0n) throw new CommerceError('INVALID_PERCENTAGE');
  const numerator = parsed.coef;
  const denominator = 100n * 10n ** BigInt(parsed.scale);
  const amount = BigInt(Math.abs(minor)) * numerator;
  const rounded = (amount * 2n + denominator) / (denominator * 2n);
  const result = Number(rounded);
  if (!Number.isSafeInteger(result)) throw new CommerceError('INVALID_MINOR_UNITS');
  return minor < 0 ? -result : result;
}
