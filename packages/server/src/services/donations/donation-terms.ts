import type { Database, Tx } from '../../db/client';
import type { RecurringTerms } from '../subscriptions/terms';

export interface DonationLine {
  itemId: string;
  sku: string;
  additionalFields: Record<string, unknown> | null;
}

/** The renewal terms of a recurring donation line, else null (one-off, or not a donation). */
export async function donationTermsForLine(
  _db: Database | Tx,
  _websiteId: string,
  _line: DonationLine,
): Promise<RecurringTerms | null> {
  return null;
}

/** A recurring donation was charged again: record it as a donation of that order. */
export async function recordDonationRenewal(
  _tx: Tx,
  _input: { websiteId: string; subscriptionId: string; orderId: string },
): Promise<void> {}
