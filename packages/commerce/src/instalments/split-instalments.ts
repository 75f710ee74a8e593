import { DEFAULT_INSTALMENTS } from '../constants';
import { CommerceError } from '../messages/money';

/**
 * Splits a total into `count` whole-minor-unit payments that add up to the total exactly;
 * leftover units go to the earliest payments, so no payment differs from another by more than 1.
 *
 * @example
 * splitInstalments(1001);    // [251, 250, 250, 250]
 * splitInstalments(1000, 3); // [334, 333, 333]
 */
export function splitInstalments(totalCents: number, count: number = DEFAULT_INSTALMENTS): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new CommerceError('INVALID_MINOR_UNITS');
  if (!Number.isSafeInteger(count) || count < 1) throw new CommerceError('INVALID_INSTALMENT_COUNT');
  const base = Math.floor(totalCents / count);
  const remainder = totalCents - base * count;
  return Array.from({ length: count }, (_, index) => base + (index < remainder ? 1 : 0));
}
