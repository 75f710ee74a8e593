import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider } from './payment-provider';
import { type CardInput, type CardOutcome, checkCard } from './test-card';

/** Test cards, in the spirit of common providers' test modes. */
export const TEST_TOKENS = {
  success: 'tok_visa',
  declined: 'tok_chargeDeclined',
  insufficientFunds: 'tok_insufficientFunds',
} as const;

const MESSAGES: Record<Exclude<CardOutcome, 'success'>, string> = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
};
const UNKNOWN_TOKEN = 'The payment details could not be processed.';

const OUTCOME_CODE: Record<CardOutcome, string> = { success: 's', declined: 'd', insufficientFunds: 'i' };
const CARD_TOKEN = /^(tok_card_([sdi])\d{4}_[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

export interface TestPaymentOptions {
  /** Signs the tokens the card form gets (the server secret); without it card tokens are refused. */
  secret?: () => Promise<Buffer>;
  /** 'manual': charges are only authorised (orders stay PENDING until the owner captures). */
  capture?: 'automatic' | 'manual';
}

function sign(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url').slice(0, 32);
}

/**
 * The built-in test-mode provider: no network, deterministic outcomes by token. The card form
 * turns typed test card numbers into HMAC-signed tokens (`issueCardToken`) as a real provider's
 * tokenizer would; the documented test tokens keep working. Any other token is refused, so a
 * misconfigured client fails loudly instead of "paying".
 */
export function createTestPaymentProvider(options: TestPaymentOptions = {}): PaymentProvider & {
  issueCardToken(
    card: CardInput,
  ): Promise<
    { ok: true; token: string; brand: string; last4: string } | { ok: false; errors: Record<string, string> }
  >;
} {
  let secret: Promise<Buffer> | undefined;
  const secretOf = () => {
    if (!options.secret) return undefined;
    secret ??= options.secret();
    return secret;
  };

  async function outcomeOf(token: string): Promise<CardOutcome | undefined> {
    switch (token) {
      case TEST_TOKENS.success:
        return 'success';
      case TEST_TOKENS.declined:
        return 'declined';
      case TEST_TOKENS.insufficientFunds:
        return 'insufficientFunds';
    }
    const m = CARD_TOKEN.exec(token);
    const key = await secretOf();
    if (!m || !key) return undefined;
    const expected = Buffer.from(sign(key, m[1] ?? ''));
    const given = Buffer.from(m[3] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return (Object.keys(OUTCOME_CODE) as CardOutcome[]).find((o) => OUTCOME_CODE[o] === m[2]);
  }

  return {
    name: 'test',
    testMode: true,
    async issueCardToken(card) {
      const checked = checkCard(card);
      if (!checked.ok) return checked;
      const key = await secretOf();
      if (!key) return { ok: false, errors: { number: UNKNOWN_TOKEN } };
      const body = `tok_card_${OUTCOME_CODE[checked.outcome]}${checked.last4}_${randomBytes(12).toString('base64url')}`;
      return { ok: true, token: `${body}.${sign(key, body)}`, brand: checked.brand, last4: checked.last4 };
    },
    async charge({ amountCents, token, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents < 0)
        return { ok: false, message: 'Invalid amount.' };
      const outcome = await outcomeOf(token);
      if (!outcome) return { ok: false, message: UNKNOWN_TOKEN };
      if (outcome !== 'success') return { ok: false, message: MESSAGES[outcome] };
      return {
        ok: true,
        reference: `test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`,
        captured: options.capture !== 'manual',
      };
    },
    async capture(reference, amountCents) {
      if (!reference.startsWith('test_')) return { ok: false, message: 'Unknown payment.' };
      if (!Number.isSafeInteger(amountCents) || amountCents < 0)
        return { ok: false, message: 'Invalid amount.' };
      return { ok: true };
    },
    async refund(reference, amountCents) {
      if (!reference.startsWith('test_')) return { ok: false, message: 'Unknown payment.' };
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        return { ok: false, message: 'Invalid amount.' };
      return { ok: true };
    },
  };
}

export type TestPaymentProvider = ReturnType<typeof createTestPaymentProvider>;
