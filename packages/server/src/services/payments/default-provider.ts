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
export function paymentsFor(db: Database, configured: PaymentProvider | undefined): PaymentProvider {
  return configured ?? createTestPaymentProvider({ secret: () => serverSecret(db, TEST_CARD_SECRET) });
}
