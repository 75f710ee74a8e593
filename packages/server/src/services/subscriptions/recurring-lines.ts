import { and, eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { products } from '../../db/schema';
import { donationTermsForLine } from '../donations/donation-terms';
import { planTermsForItem } from '../members/plan-terms';
import type { RecurringTerms } from './terms';

/** What an order line offers to decide whether it renews. */
export interface RecurringLine {
  itemId: string;
  sku: string;
  unitPriceCents: number;
  additionalFields: unknown;
}

/**
 * How an order line renews, or null when it is sold once: a subscribable product's plan
 * (every `billingPeriod`, `numBillingCycles` times), a recurring member plan's paywall
 * product, or a monthly / yearly donation. Read when the order is placed and paid: a later
 * change of the product or plan does not touch subscriptions already running.
 */
export async function recurringTermsForLine(
  db: Database | Tx,
  websiteId: string,
  line: RecurringLine,
): Promise<RecurringTerms | null> {
  const [product] = await db
    .select({ isSubscribable: products.isSubscribable, plan: products.subscriptionPlan })
    .from(products)
    .where(and(eq(products.itemId, line.itemId), eq(products.websiteId, websiteId)));
  const plan = product?.isSubscribable ? product.plan : null;
  const unit = plan?.billingPeriod?.unit;
  const value = Number(plan?.billingPeriod?.value);
  if (plan && (unit === 'WEEK' || unit === 'MONTH' || unit === 'YEAR') && value >= 1 && value <= 52)
    return {
      kind: 'product',
      periodUnit: unit,
      periodValue: Math.floor(value),
      numBillingCycles: Math.max(0, Math.floor(Number(plan.numBillingCycles) || 0)),
      trialDays: 0,
    };
  const planTerms = await planTermsForItem(db, websiteId, line.itemId);
  if (planTerms) return planTerms;
  const fields =
    line.additionalFields && typeof line.additionalFields === 'object'
      ? (line.additionalFields as Record<string, unknown>)
      : null;
  return donationTermsForLine(db, websiteId, {
    itemId: line.itemId,
    sku: line.sku,
    additionalFields: fields,
    unitPriceCents: line.unitPriceCents,
  });
}

/** Whether any line renews: checkout then keeps the card for the renewals. */
export async function anyLineRenews(
  db: Database | Tx,
  websiteId: string,
  lines: readonly RecurringLine[],
): Promise<boolean> {
  for (const line of lines) {
    if (await recurringTermsForLine(db, websiteId, line)) return true;
  }
  return false;
}
