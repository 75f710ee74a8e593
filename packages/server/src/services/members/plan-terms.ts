import type { Database, Tx } from '../../db/client';
import type { RecurringTerms } from '../subscriptions/terms';
import { planOfItem } from './plans';

/**
 * The renewal terms of a recurring member plan sold through its paywall product, else null
 * (a one-off or free plan, or an item that sells no plan). The plan's terms as they are when
 * the order is paid: a later change of the plan does not touch subscriptions already running.
 */
export async function planTermsForItem(
  db: Database | Tx,
  websiteId: string,
  itemId: string,
): Promise<RecurringTerms | null> {
  const plan = await planOfItem(db, websiteId, itemId);
  if (plan?.kind !== 'recurring' || !plan.periodUnit || !plan.periodValue) return null;
  return {
    kind: 'plan',
    periodUnit: plan.periodUnit,
    periodValue: plan.periodValue,
    numBillingCycles: plan.numBillingCycles,
    // Checkout charges the plan's first period with the order (a zero-amount checkout that
    // keeps the card for later is not there yet), so that order is the first cycle: passing
    // the trial on would charge the first period twice. Access starts with the order either way.
    trialDays: 0,
    memberPlanId: plan.id,
  };
}
