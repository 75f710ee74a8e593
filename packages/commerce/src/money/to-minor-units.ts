import { CommerceError } from '../messages/money';
import { parseMoney } from './parse-money';

/**
 * Like `parseMoney`, but throws `CommerceError` on bad input. For trusted data (seed files,
 * server-side money objects) where a bad value is a bug, not a visitor mistake.
 *
 * @example
 * toMinorUnits('19.99', 'EUR'); // 1999
 */
export function toMinorUnits(text: string | number, currency: string): number {
  const result = parseMoney(text, currency);
  if (!result.ok) throw new CommerceError(result.code);
  return result.minor;
}
