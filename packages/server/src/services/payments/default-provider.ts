import type { Database } from '../../db/client';
import { serverSecret } from '../server-secret';
import type { CaptureMode, PaymentProvider } from './payment-provider';
import { databaseLedger } from './test-ledger';
import { createTestPaymentProvider, type TestPaymentProvider } from './test-payment-provider';

/** The server secret that signs the test-mode card form's tokens (shared by every process). */
export const TEST_CARD_SECRET = 'test-card-tokens';

/** Which provider a site's checkouts use, and which took an earlier payment. */
export interface SitePayments {
  /** The provider new checkouts on this site use, and whether they capture at once. */
  current(site: { id: string }): Promise<{ provider: PaymentProvider; capture: CaptureMode }>;
  /** The provider that took a payment, by the name recorded with it (orders, reservations). */
  named(site: { id: string }, name: string): Promise<PaymentProvider | undefined>;
}

/** The built-in test-mode provider, its charges kept in the database (every process agrees). */
export async function testPayments(db: Database): Promise<TestPaymentProvider> {
  return createTestPaymentProvider({ secret: await testCardSecret(db), ledger: databaseLedger(db) });
}

/** One provider for every site (tests inject theirs this way). */
export function fixedPayments(provider: PaymentProvider, capture: CaptureMode = 'automatic'): SitePayments {
  return {
    current: async () => ({ provider, capture }),
    named: async () => provider,
  };
}

/**
 * Read once at start-up and kept: card tokens are checked on every checkout, and the secret
 * never changes once made.
 */
export async function testCardSecret(db: Database): Promise<() => Promise<Buffer>> {
  const secret = await serverSecret(db, TEST_CARD_SECRET);
  return async () => secret;
}
