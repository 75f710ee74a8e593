import type { Database, Tx } from '../../db/client';
import type { RecurringTerms } from '../subscriptions/terms';
import { donationOfLine, recordRenewalDonation } from './record-donations';

export interface DonationLine {
  itemId: string;
  sku: string;
  additionalFields: Record<string, unknown> | null;
  /** The line's price: a donation line's sku names it (checked with it). */
  unitPriceCents?: number;
}

/**
 * The renewal terms of a recurring donation line, else null (one-off, or not a donation):
 * monthly or yearly, until the donor cancels, charged with the order (no trial).
 */
export async function donationTermsForLine(
  _db: Database | Tx,
  _websiteId: string,
  line: DonationLine,
): Promise<RecurringTerms | null> {
  const unit = line.unitPriceCents ?? Number(line.sku.slice(line.sku.lastIndexOf('-') + 1));
  const donation = donationOfLine({ ...line, quantity: 1, unitPriceCents: unit });
  if (!donation || donation.frequency === 'once') return null;
  return {
    kind: 'donation',
    periodUnit: donation.frequency === 'monthly' ? 'MONTH' : 'YEAR',
    periodValue: 1,
    numBillingCycles: 0,
    trialDays: 0,
  };
}

/** A recurring donation was charged again: record it as a donation of that order. */
export async function recordDonationRenewal(
  tx: Tx,
  input: { websiteId: string; subscriptionId: string; orderId: string },
): Promise<void> {
  await recordRenewalDonation(tx, input);
}
