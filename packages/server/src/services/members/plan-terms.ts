import type { Database, Tx } from '../../db/client';
import type { RecurringTerms } from '../subscriptions/terms';

/** The renewal terms of a recurring member plan sold through its paywall product, else null. */
export async function planTermsForItem(
  _db: Database | Tx,
  _websiteId: string,
  _itemId: string,
): Promise<RecurringTerms | null> {
  return null;
}
