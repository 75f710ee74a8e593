import type { BillingUnit, SubscriptionKind } from '../../db/schema';

/** How an order line renews: what `startSubscription` needs beyond the order itself. */
export interface RecurringTerms {
  kind: SubscriptionKind;
  periodUnit: BillingUnit;
  periodValue: number;
  /** 0 = renews until cancelled. */
  numBillingCycles: number;
  /** Days before the first charge (member plans); 0 = charged with the order. */
  trialDays: number;
  memberPlanId?: string | null;
}
