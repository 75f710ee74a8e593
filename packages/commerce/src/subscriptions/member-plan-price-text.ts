import { type CurrencyCode, formatMoney } from '../money';
import type { BillingUnit } from '../product/product-types';
import { subscriptionPriceText } from './subscription-price-text';

/** A member plan as its price is worded (spec §3 member plans: free, one-off, recurring). */
export interface MemberPlanPrice {
  kind: 'free' | 'one_off' | 'recurring';
  priceCents: number;
  currency: string;
  periodUnit: BillingUnit | null;
  periodValue: number | null;
  /** 0 = renews until cancelled. */
  numBillingCycles: number;
  trialDays: number;
}

/**
 * How a member plan's price reads on the pricing-plan block, the join page and the studio:
 * "Free", "$49.00 once", "$10.00 every month", "$10.00 every month after a 14-day free trial".
 *
 * @example
 * memberPlanPriceText({ kind: 'recurring', priceCents: 1000, currency: 'USD', periodUnit: 'MONTH',
 *   periodValue: 1, numBillingCycles: 0, trialDays: 7 }); // '$10.00 every month after a 7-day free trial'
 */
export function memberPlanPriceText(plan: MemberPlanPrice): string {
  if (plan.kind === 'free') return 'Free';
  const price = formatMoney(plan.priceCents, plan.currency as CurrencyCode);
  if (plan.kind === 'one_off') return `${price} once`;
  const text = subscriptionPriceText(price, {
    billingPeriod: { value: plan.periodValue ?? 0, unit: plan.periodUnit ?? ('' as BillingUnit) },
    numBillingCycles: plan.numBillingCycles,
  });
  return plan.trialDays > 0 ? `${text} after a ${plan.trialDays}-day free trial` : text;
}
