import { BILLING_PERIODS_PER_YEAR } from '../constants';
import { fillMessage } from '../messages/fill-message';
import { SUBSCRIPTION_ERRORS } from '../messages/subscriptions';
import type { BillingUnit, SubscriptionPlan } from '../product/product-types';

const UNIT_WORDS: Record<BillingUnit, string> = { WEEK: 'week', MONTH: 'month', YEAR: 'year' };

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

function isValidPlan(plan: SubscriptionPlan | null | undefined): plan is SubscriptionPlan {
  const period = plan?.billingPeriod;
  return (
    !!period &&
    Object.hasOwn(UNIT_WORDS, period.unit) &&
    Number.isSafeInteger(period.value) &&
    period.value >= 1 &&
    (plan.numBillingCycles === undefined ||
      (Number.isSafeInteger(plan.numBillingCycles) && plan.numBillingCycles >= 0))
  );
}

/**
 * Subscription price wording (spec §9): "{priceString} every [N] week/month/year(s)
 * [for {durationValue} units]". numBillingCycles 0 means indefinite (no "for" part). A fixed
 * term that divides evenly into years is shown in years unless `preferYears` is false.
 * A missing cycle count is indefinite too. A missing or malformed plan gives "Unavailable" (spec §8).
 *
 * @example
 * subscriptionPriceText('$10.00', { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 });
 * // "$10.00 every month"
 * subscriptionPriceText('$10.00', { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 26 });
 * // "$10.00 every 2 weeks for 1 year"
 * subscriptionPriceText('$5.00', { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 6 });
 * // "$5.00 every month for 6 months"
 */
export function subscriptionPriceText(
  priceString: string,
  plan: SubscriptionPlan | null | undefined,
  options: { preferYears?: boolean } = {},
): string {
  if (!isValidPlan(plan)) return fillMessage(SUBSCRIPTION_ERRORS.SUBSCRIPTION_UNAVAILABLE);
  const { value, unit } = plan.billingPeriod;
  const word = UNIT_WORDS[unit];
  const every = value === 1 ? `every ${word}` : `every ${plural(value, word)}`;
  // A plan without a cycle count bills until cancelled, like numBillingCycles 0.
  const cycles = plan.numBillingCycles ?? 0;
  if (cycles === 0) return `${priceString} ${every}`;
  const totalUnits = value * cycles;
  const perYear = BILLING_PERIODS_PER_YEAR[unit];
  const duration =
    (options.preferYears ?? true) && totalUnits % perYear === 0
      ? plural(totalUnits / perYear, 'year')
      : plural(totalUnits, word);
  return `${priceString} ${every} for ${duration}`;
}
