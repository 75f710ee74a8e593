import { toNum, toStr } from '../../values';
import { getPath } from './scope';

/** Billing periods per year: a fixed term that is a whole number of years is shown in years. */
const PER_YEAR: Readonly<Record<string, number>> = { WEEK: 52, MONTH: 12 };

/** What the price wording of a subscription plan needs. */
export interface SubscriptionTerms {
  /** Billing every `periodValue` `periodUnit`s (WEEK, MONTH, YEAR). */
  readonly periodValue: number;
  readonly periodUnit: string;
  /** Billing cycles; 0 = indefinite. */
  readonly cycles: number;
  /** The fixed term, in `durationUnit`s (0 when indefinite). */
  readonly duration: number;
  readonly durationUnit: string;
}

/** The plan's terms, or undefined when the product has no billing period. */
export function subscriptionTerms(item: unknown): SubscriptionTerms | undefined {
  const plan = getPath(item, ['structuredContent', 'subscriptionPlan']);
  const period = getPath(plan, ['billingPeriod']);
  if (period === undefined) return undefined;
  const periodValue = toNum(getPath(period, ['value']));
  const periodUnit = toStr(getPath(period, ['unit']));
  const cycles = toNum(getPath(plan, ['numBillingCycles']));
  let duration = periodValue * cycles;
  let durationUnit = periodUnit;
  const perYear = PER_YEAR[periodUnit];
  if (duration > 0 && perYear && duration % perYear === 0) {
    duration /= perYear;
    durationUnit = 'YEAR';
  }
  return { periodValue, periodUnit, cycles, duration, durationUnit };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();

/** Key of the merchant's localized template for these terms, e.g. `productPrice__singlePrice__nWeekly__limited__1Years`. */
export function subscriptionStringKey(terms: SubscriptionTerms, multiplePrices: boolean): string {
  const period = `${terms.periodValue === 1 ? '1' : 'n'}${capitalize(terms.periodUnit)}ly`;
  const length =
    terms.duration === 0
      ? 'indefinite'
      : `limited__${terms.duration === 1 ? '1' : 'n'}${capitalize(terms.durationUnit)}s`;
  return `productPrice__${multiplePrices ? 'multiplePrices' : 'singlePrice'}__${period}__${length}`;
}

/** English wording: `[from ]{price} every [{billingPeriodValue} ]weeks[ for {duration} years]`. */
export function defaultSubscriptionString(terms: SubscriptionTerms, multiplePrices: boolean): string {
  const plural = terms.periodValue > 1;
  let text =
    (multiplePrices ? 'from ' : '') +
    '{price} every ' +
    (plural ? '{billingPeriodValue} ' : '') +
    terms.periodUnit.toLowerCase() +
    (plural ? 's' : '');
  if (terms.cycles > 0) {
    text += ` for {duration} ${terms.durationUnit.toLowerCase()}${terms.duration === 1 ? '' : 's'}`;
  }
  return text;
}
