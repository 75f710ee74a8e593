import type { Coupon, CouponRejectionCode, InvalidCoupon } from './cart-types';
import type { CurrencyCode } from '../money/currencies';
import { COUPON_ERRORS } from '../messages/cart';
import { fillMessage } from '../messages/fill-message';
import { formatMoney } from '../money/format-money';
import { compareDecimal, parseDecimal } from '../money/decimal';
import { percentOf } from '../money/percent-of';

const HUNDRED = { coef: 100n, scale: 0 };

export interface CouponEvaluation {
  validCoupons: Coupon[];
  invalidCoupons: InvalidCoupon[];
  /** Total discount in minor units, never more than the subtotal. */
  discountCents: number;
  /** A valid FREE_SHIPPING coupon is among them: the cart ships for nothing. */
  freeShipping: boolean;
}

function isWellFormed(coupon: Coupon): boolean {
  if (coupon.type === 'FREE_SHIPPING') return true;
  if (coupon.type === 'FIXED_AMOUNT')
    return Number.isSafeInteger(coupon.amountCents) && coupon.amountCents >= 0;
  if (coupon.type !== 'PERCENTAGE' || typeof coupon.percent !== 'string') return false;
  const parsed = parseDecimal(coupon.percent.trim(), { exponent: false });
  // 100% or less, compared exactly so "100.000" is fine and "100.5" is not.
  return !!parsed && parsed.coef >= 0n && compareDecimal(parsed, HUNDRED) <= 0;
}

function rejection(
  coupon: Coupon,
  seen: Set<string>,
  subtotalCents: number,
  now?: number,
): CouponRejectionCode | null {
  if (!isWellFormed(coupon)) return 'COUPON_MALFORMED';
  if (seen.has(coupon.code.toUpperCase())) return 'COUPON_DUPLICATE';
  if (now !== undefined && coupon.startsAt != null && now < coupon.startsAt) return 'COUPON_NOT_STARTED';
  if (now !== undefined && coupon.expiresAt != null && now >= coupon.expiresAt) return 'COUPON_EXPIRED';
  if (coupon.usageLimit != null && (coupon.timesUsed ?? 0) >= coupon.usageLimit) return 'COUPON_USED_UP';
  if (coupon.minSubtotalCents != null && subtotalCents < coupon.minSubtotalCents) {
    return 'COUPON_MIN_SUBTOTAL_NOT_MET';
  }
  return null;
}

/**
 * Splits coupons into valid and invalid (with a reason code and message) and sums the discount:
 * percentage coupons take a rounded share of the subtotal, fixed ones their amount; the total is
 * capped at the subtotal so a cart never goes negative. Free-shipping coupons discount nothing
 * here and set `freeShipping`. A coupon outside its dates or used up (timesUsed ≥ usageLimit) is
 * invalid. Codes compare case-insensitively.
 *
 * @example
 * evaluateCoupons([{ type: 'PERCENTAGE', code: 'TEN', percent: '10' }], 2599, 'USD');
 * // { validCoupons: [ … ], invalidCoupons: [], discountCents: 260, freeShipping: false }
 */
export function evaluateCoupons(
  coupons: readonly Coupon[],
  subtotalCents: number,
  currency: CurrencyCode,
  now?: number,
): CouponEvaluation {
  const validCoupons: Coupon[] = [];
  const invalidCoupons: InvalidCoupon[] = [];
  const seen = new Set<string>();
  let discount = 0;
  let freeShipping = false;
  for (const coupon of coupons) {
    const code = rejection(coupon, seen, subtotalCents, now);
    if (code) {
      const amount =
        code === 'COUPON_MIN_SUBTOTAL_NOT_MET' ? formatMoney(coupon.minSubtotalCents ?? 0, currency) : '';
      invalidCoupons.push({ coupon, code, message: fillMessage(COUPON_ERRORS[code], { amount }) });
      continue;
    }
    seen.add(coupon.code.toUpperCase());
    validCoupons.push(coupon);
    if (coupon.type === 'FREE_SHIPPING') freeShipping = true;
    else
      discount +=
        coupon.type === 'PERCENTAGE' ? percentOf(subtotalCents, coupon.percent) : coupon.amountCents;
  }
  return {
    validCoupons,
    invalidCoupons,
    discountCents: Math.min(discount, Math.max(0, subtotalCents)),
    freeShipping,
  };
}
