import { fillMessage } from '../messages/fill-message';
import { INSTALMENT_ERRORS } from '../messages/instalments';
import { formatMoney } from '../money/format-money';
import { ProductType, type ProductTypeCode } from '../product/product-types';

/** Per-item instalment context (spec §3); limits in minor units. */
export interface InstalmentContext {
  afterPayAvailable: boolean;
  afterPayMin: number;
  afterPayMax: number;
}

export type InstalmentEligibility =
  | { eligible: true }
  | {
      eligible: false;
      code:
        | 'INSTALMENTS_UNAVAILABLE'
        | 'INSTALMENTS_NOT_PHYSICAL'
        | 'INSTALMENTS_ABOVE_MAX'
        | 'INSTALMENTS_BELOW_MIN';
      message: string;
    };

/**
 * Instalment eligibility (spec §5): physical products only, afterPayAvailable, and the price
 * strictly above the minimum and not above the maximum. Out of range gives the availability
 * message of spec §4 with the limit formatted in `currency`.
 *
 * @example
 * instalmentEligibility({ priceCents: 5000, productType: 1, currency: 'USD',
 *   context: { afterPayAvailable: true, afterPayMin: 100, afterPayMax: 2000 } });
 * // { eligible: false, code: 'INSTALMENTS_ABOVE_MAX', message: 'available for orders up to $20.00' }
 */
export function instalmentEligibility(input: {
  priceCents: number;
  productType: ProductTypeCode;
  currency: string;
  context: InstalmentContext;
}): InstalmentEligibility {
  const { context } = input;
  if (!context.afterPayAvailable) {
    return {
      eligible: false,
      code: 'INSTALMENTS_UNAVAILABLE',
      message: fillMessage(INSTALMENT_ERRORS.INSTALMENTS_UNAVAILABLE),
    };
  }
  if (input.productType !== ProductType.PHYSICAL) {
    return {
      eligible: false,
      code: 'INSTALMENTS_NOT_PHYSICAL',
      message: fillMessage(INSTALMENT_ERRORS.INSTALMENTS_NOT_PHYSICAL),
    };
  }
  if (input.priceCents > context.afterPayMax) {
    const amount = formatMoney(context.afterPayMax, input.currency);
    return {
      eligible: false,
      code: 'INSTALMENTS_ABOVE_MAX',
      message: fillMessage(INSTALMENT_ERRORS.INSTALMENTS_ABOVE_MAX, { amount }),
    };
  }
  if (input.priceCents <= context.afterPayMin) {
    const amount = formatMoney(context.afterPayMin, input.currency);
    return {
      eligible: false,
      code: 'INSTALMENTS_BELOW_MIN',
      message: fillMessage(INSTALMENT_ERRORS.INSTALMENTS_BELOW_MIN, { amount }),
    };
  }
  return { eligible: true };
}
