import { DateTime } from 'luxon';
import type { Tx } from '../../db/client';
import { subscriptionCycles, subscriptions } from '../../db/schema';
import { anchorDayOf, nextBillingAt } from './billing-dates';
import type { RecurringTerms } from './terms';

/** The saved payment method a subscription's renewals are charged to. */
export interface SavedPayment {
  /** The provider's name ('test', 'stripe'), as recorded with the first order. */
  provider: string;
  customerRef: string | null;
  methodRef: string | null;
  /** What the customer sees, e.g. "Visa ending 4242". */
  label: string | null;
}

export interface StartSubscription {
  websiteId: string;
  siteUserId: string | null;
  email: string;
  firstOrderId: string | null;
  itemId: string;
  sku: string;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  currency: string;
  terms: RecurringTerms;
  /** When the first order was paid (the anchor, or the start of the trial). */
  startAt: Date;
  /** The site's time zone: renewals keep the anchor's wall-clock time there. */
  timeZone: string;
  payment: SavedPayment;
  shippingAddress: Record<string, string> | null;
  testMode: boolean;
}

/**
 * Record a subscription for a paid order line, in the caller's transaction. Without a trial
 * the first order is cycle 1 (recorded as paid, linked to the order) and the next charge is
 * one period after `startAt`; with `trialDays` > 0 nothing is charged yet and cycle 1 falls
 * due when the trial ends. Every later date is computed from the anchor in the site's time
 * zone (billing-dates.ts).
 */
export async function startSubscription(
  tx: Tx,
  input: StartSubscription,
): Promise<{ subscriptionId: string }> {
  const { terms } = input;
  const trialDays = Math.max(0, Math.floor(terms.trialDays || 0));
  const zone = DateTime.fromJSDate(input.startAt, { zone: input.timeZone }).isValid ? input.timeZone : 'utc';
  const anchorAt =
    trialDays > 0
      ? DateTime.fromJSDate(input.startAt, { zone }).plus({ days: trialDays }).toJSDate()
      : input.startAt;
  const anchorDay = anchorDayOf(anchorAt, zone);
  const cyclesDone = trialDays > 0 ? 0 : 1;
  const numBillingCycles = Math.max(0, Math.floor(terms.numBillingCycles || 0));
  const next = nextBillingAt(
    {
      anchorAt,
      anchorDay,
      periodUnit: terms.periodUnit,
      periodValue: terms.periodValue,
      numBillingCycles,
      cyclesDone,
    },
    zone,
  );
  const [row] = await tx
    .insert(subscriptions)
    .values({
      websiteId: input.websiteId,
      siteUserId: input.siteUserId,
      email: input.email,
      kind: terms.kind,
      firstOrderId: input.firstOrderId,
      itemId: input.itemId,
      sku: input.sku,
      productName: input.productName,
      memberPlanId: terms.memberPlanId ?? null,
      quantity: Math.max(1, input.quantity),
      unitPriceCents: input.unitPriceCents,
      currency: input.currency,
      periodUnit: terms.periodUnit,
      periodValue: terms.periodValue,
      numBillingCycles,
      cyclesDone,
      anchorAt,
      anchorDay,
      nextBillingAt: next,
      // A one-cycle term paid with the order has nothing left to renew.
      status: next === null ? 'ended' : 'active',
      endedAt: next === null ? input.startAt : null,
      paymentProvider: input.payment.provider,
      paymentCustomerRef: input.payment.customerRef,
      paymentMethodRef: input.payment.methodRef,
      paymentMethodLabel: input.payment.label,
      shippingAddress: input.shippingAddress,
      testMode: input.testMode,
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error('subscription insert returned no row');
  if (cyclesDone === 1) {
    await tx.insert(subscriptionCycles).values({
      websiteId: input.websiteId,
      subscriptionId: row.id,
      cycle: 1,
      dueAt: input.startAt,
      state: 'paid',
      attempts: 1,
      amountCents: input.unitPriceCents * Math.max(1, input.quantity),
      orderId: input.firstOrderId,
    });
  }
  return { subscriptionId: row.id };
}
