import type { Database } from '../../db/client';
import { serverSecret } from '../server-secret';
import type { PaymentProvider } from './payment-provider';
import { createTestPaymentProvider } from './test-payment-provider';

/** The server secret that signs the test-mode card form's tokens (shared by every process). */
export const TEST_CARD_SECRET = 'test-card-tokens';

/**
 * The provider an app uses: the one configured, else the built-in test-mode provider whose
 * card tokens are signed with the server secret (so any process verifies any process's tokens).
 */
export async function paymentsFor(
  db: Database,
  configured: PaymentProvider | undefined,
): Promise<PaymentProvider> {
  return configured ?? createTestPaymentProvider({ secret: await testCardSecret(db) });
}

/**
 * Read once at start-up: a charge runs inside the checkout transaction, where reading the
 * secret through another connection would wait on PGlite's single one.
 */
export async function testCardSecret(db: Database): Promise<() => Promise<Buffer>> {
  const secret = await serverSecret(db, TEST_CARD_SECRET);
  return async () => secret;
}
