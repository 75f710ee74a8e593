import type { TaxRule } from './cart-types';
import { percentOf } from '../money/percent-of';

/**
 * Tax in minor units: each rule's percentage of the taxable amount (plus shipping when the rule
 * taxes shipping), each rounded half-up to a whole minor unit, then summed.
 *
 * @example
 * cartTax([{ id: 'ny', name: 'NY', ratePercent: '8.875' }], 1999, 500); // 177
 */
export function cartTax(rules: readonly TaxRule[], taxableCents: number, shippingCents: number): number {
  return rules.reduce(
    (sum, rule) =>
      sum +
      percentOf(Math.max(0, taxableCents + (rule.appliesToShipping ? shippingCents : 0)), rule.ratePercent),
    0,
  );
}
