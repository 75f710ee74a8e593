import type { TaxRule } from './cart-types';
import { CommerceError } from '../messages/money';
import { parseDecimal } from '../money/decimal';
import { percentOf } from '../money/percent-of';

/**
 * The tax inside an amount that already includes `percent`% tax: amount × r / (100 + r),
 * rounded half up to a whole minor unit (exact: BigInt, no floats).
 *
 * @example
 * includedPercentOf(1200, '20'); // 200: £12.00 with 20 % VAT inside holds £2.00 of it
 */
export function includedPercentOf(minor: number, percent: string): number {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new CommerceError('INVALID_MINOR_UNITS');
  const parsed = typeof percent === 'string' ? parseDecimal(percent.trim(), { exponent: false }) : undefined;
  if (!parsed || parsed.coef < 0n) throw new CommerceError('INVALID_PERCENTAGE');
  const denominator = 100n * 10n ** BigInt(parsed.scale) + parsed.coef;
  const amount = BigInt(minor) * parsed.coef;
  return Number((amount * 2n + denominator) / (denominator * 2n));
}

export interface CartTaxParts {
  /** All tax, added and included. */
  taxCents: number;
  /** The part of `taxCents` that is already inside the prices (not added to the total). */
  includedTaxCents: number;
}

/**
 * Tax in minor units by rule: the taxable amount (plus shipping when the rule taxes shipping);
 * an added rule charges its percentage of it, an included rule shows the part of it that is
 * tax. Each rule rounds half up on its own; included rules are extracted independently, which
 * is exact for the usual single VAT rule of a location.
 *
 * @example
 * cartTaxParts([{ id: 'vat', name: 'VAT', ratePercent: '20', included: true }], 1200, 0);
 * // { taxCents: 200, includedTaxCents: 200 }
 */
export function cartTaxParts(
  rules: readonly TaxRule[],
  taxableCents: number,
  shippingCents: number,
): CartTaxParts {
  let taxCents = 0;
  let includedTaxCents = 0;
  for (const rule of rules) {
    const base = Math.max(0, taxableCents + (rule.appliesToShipping ? shippingCents : 0));
    if (rule.included) {
      const part = includedPercentOf(base, rule.ratePercent);
      includedTaxCents += part;
      taxCents += part;
    } else taxCents += percentOf(base, rule.ratePercent);
  }
  return { taxCents, includedTaxCents };
}

/**
 * All tax in minor units (added and included), see `cartTaxParts`.
 *
 * @example
 * cartTax([{ id: 'ny', name: 'NY', ratePercent: '8.875' }], 1999, 500); // 177
 */
export function cartTax(rules: readonly TaxRule[], taxableCents: number, shippingCents: number): number {
  return cartTaxParts(rules, taxableCents, shippingCents).taxCents;
}

/**
 * How a cart's or an order's tax is shown: the added part (it raised the total, "Tax") and the
 * included part (already inside the prices, "Tax (included)", never added again). A missing
 * included amount (records from before included tax existed) counts as none.
 *
 * @example
 * shownTax({ taxCents: 260, includedTaxCents: 200 }); // { addedCents: 60, includedCents: 200 }
 */
export function shownTax(parts: { taxCents: number; includedTaxCents?: number | null }): {
  addedCents: number;
  includedCents: number;
} {
  const includedCents = Math.min(parts.taxCents, Math.max(0, parts.includedTaxCents ?? 0));
  return { addedCents: parts.taxCents - includedCents, includedCents };
}
