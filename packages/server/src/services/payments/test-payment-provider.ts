import { createHash } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';

/** Test cards, in the spirit of common providers' test modes. */
export const TEST_TOKENS = {
  success: 'tok_visa',
  declined: 'tok_chargeDeclined',
  insufficientFunds: 'tok_insufficientFunds',
} as const;

/**
 * The built-in test-mode provider: no network, deterministic outcomes by token. Any other
 * token is refused, so a misconfigured client fails loudly instead of "paying".
 */
export function createTestPaymentProvider(): PaymentProvider {
  return {
    name: 'test',
    testMode: true,
    async charge({ amountCents, token, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents < 0)
        return { ok: false, message: 'Invalid amount.' };
      switch (token) {
        case TEST_TOKENS.success:
          return {
            ok: true,
            reference: `test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`,
          };
        case TEST_TOKENS.declined:
          return { ok: false, message: 'Your card was declined.' };
        case TEST_TOKENS.insufficientFunds:
          return { ok: false, message: 'Your card has insufficient funds.' };
        default:
          return { ok: false, message: 'The payment details could not be processed.' };
      }
    },
  };
}
