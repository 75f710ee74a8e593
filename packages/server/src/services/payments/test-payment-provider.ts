import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider, PaymentState } from './payment-provider';
import { memoryLedger, type TestCharge, type TestLedger } from './test-ledger';
import { type CardInput, type CardOutcome, checkCard } from './test-card';

/** Test cards, in the spirit of common providers' test modes. */
export const TEST_TOKENS = {
  success: 'tok_visa',
  declined: 'tok_chargeDeclined',
  insufficientFunds: 'tok_insufficientFunds',
  /** Pays at checkout, declines every renewal. */
  declinesLater: 'tok_chargeCustomerFail',
} as const;

const MESSAGES: Record<Exclude<CardOutcome, 'success' | 'declinesLater'>, string> = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
};
const DECLINED_LATER = 'Your card was declined.';
const NOT_SAVED = 'This card was not saved for later payments.';
const UNKNOWN_TOKEN = 'The payment details could not be processed.';
const KEY_REUSED = 'This payment was already requested with other details.';
const UNKNOWN_PAYMENT = 'Unknown payment.';

const OUTCOME_CODE: Record<CardOutcome, string> = {
  success: 's',
  declined: 'd',
  insufficientFunds: 'i',
  declinesLater: 'r',
};
const CARD_TOKEN = /^(tok_card_([sdir])(\d{4})_[A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

/** What the customer sees of a saved test card. */
function labelOf(token: string): string {
  const digits = CARD_TOKEN.exec(token)?.[3];
  if (digits) return `Card ending ${digits}`;
  return token === TEST_TOKENS.declinesLater ? 'Visa ending 0341' : 'Visa ending 4242';
}

export interface TestPaymentOptions {
  /** Signs the tokens the card form gets (the server secret); without it card tokens are refused. */
  secret?: () => Promise<Buffer>;
  /** Where charges are remembered; the database in a running server (test-ledger.ts). */
  ledger?: TestLedger;
  /** Overrides the store's capture setting ('manual': orders stay PENDING until captured). */
  capture?: 'automatic' | 'manual';
}

function sign(secret: Buffer, body: string): string {
  return createHmac('sha256', secret).update(body).digest('base64url').slice(0, 32);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

function stateOf(charge: TestCharge): PaymentState {
  if (charge.state === 'failed')
    return { state: 'failed', reference: charge.reference, message: charge.message ?? UNKNOWN_TOKEN };
  if (charge.state === 'canceled') return { state: 'canceled', reference: charge.reference };
  return { state: charge.state, reference: charge.reference };
}

/**
 * The built-in test-mode provider: no network, deterministic outcomes by token. The card form
 * turns typed test card numbers into HMAC-signed tokens (`issueCardToken`) as a real provider's
 * tokenizer would; the documented test tokens keep working. Any other token is refused, so a
 * misconfigured client fails loudly instead of "paying". Each idempotency key is charged once
 * and remembered in the ledger, as a real provider remembers it.
 */
export function createTestPaymentProvider(options: TestPaymentOptions = {}): PaymentProvider & {
  issueCardToken(
    card: CardInput,
  ): Promise<
    { ok: true; token: string; brand: string; last4: string } | { ok: false; errors: Record<string, string> }
  >;
} {
  const ledger = options.ledger ?? memoryLedger();
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
      case TEST_TOKENS.declinesLater:
        return 'declinesLater';
    }
    const m = CARD_TOKEN.exec(token);
    const key = await secretOf();
    if (!m || !key) return undefined;
    const expected = Buffer.from(sign(key, m[1] ?? ''));
    const given = Buffer.from(m[4] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return (Object.keys(OUTCOME_CODE) as CardOutcome[]).find((o) => OUTCOME_CODE[o] === m[2]);
  }

  return {
    name: 'test',
    testMode: true,
    browser: () => ({ provider: 'test' }),
    async issueCardToken(card) {
      const checked = checkCard(card);
      if (!checked.ok) return checked;
      const key = await secretOf();
      if (!key) return { ok: false, errors: { number: UNKNOWN_TOKEN } };
      const body = `tok_card_${OUTCOME_CODE[checked.outcome]}${checked.last4}_${randomBytes(12).toString('base64url')}`;
      return { ok: true, token: `${body}.${sign(key, body)}`, brand: checked.brand, last4: checked.last4 };
    },
    async charge({ amountCents, currency, token, idempotencyKey, ...request }) {
      const capture = options.capture ?? request.capture;
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        return { state: 'failed', message: 'Invalid amount.' };
      const outcome = await outcomeOf(token);
      const paid = outcome === 'success' || outcome === 'declinesLater';
      const charge = await ledger.claim({
        idempotencyKey,
        amountCents,
        currency,
        tokenHash: sha256(token),
        // Derived from the key: a process that never saw the first answer still gives its reference.
        reference: `test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`,
        state: paid ? (capture === 'manual' ? 'authorised' : 'captured') : 'failed',
        message: paid ? null : outcome ? MESSAGES[outcome] : UNKNOWN_TOKEN,
        capturedCents: paid && capture !== 'manual' ? amountCents : 0,
        refundedCents: 0,
      });
      // A key seen before answers what it answered then; with other details it charges nothing.
      const same =
        charge.amountCents === amountCents &&
        charge.currency === currency &&
        charge.tokenHash === sha256(token);
      if (!same) return { state: 'failed', message: KEY_REUSED };
      const state = stateOf(charge);
      // The signed token is the card kept for later: it can be charged again without the buyer.
      if (request.saveForLater && (state.state === 'captured' || state.state === 'authorised'))
        return { ...state, saved: { customerRef: null, methodRef: token, label: labelOf(token) } };
      return state;
    },
    async chargeSaved({ methodRef, amountCents, currency, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        return { state: 'failed', message: 'Invalid amount.' };
      const outcome = await outcomeOf(methodRef);
      const paid = outcome === 'success';
      const message = paid
        ? null
        : outcome === 'declinesLater'
          ? DECLINED_LATER
          : outcome
            ? MESSAGES[outcome]
            : NOT_SAVED;
      const charge = await ledger.claim({
        idempotencyKey,
        amountCents,
        currency,
        tokenHash: sha256(methodRef),
        reference: `test_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 20)}`,
        state: paid ? 'captured' : 'failed',
        message,
        capturedCents: paid ? amountCents : 0,
        refundedCents: 0,
      });
      const same =
        charge.amountCents === amountCents &&
        charge.currency === currency &&
        charge.tokenHash === sha256(methodRef);
      return same ? stateOf(charge) : { state: 'failed', message: KEY_REUSED };
    },
    async lookup({ idempotencyKey }, reference) {
      const charge =
        (await ledger.byKey(idempotencyKey)) ?? (reference ? await ledger.byReference(reference) : undefined);
      return charge ? stateOf(charge) : { state: 'none' };
    },
    async cancel(reference) {
      const charge = await ledger.byReference(reference);
      // Orders paid before the ledger existed have no row: voiding them is a no-op, as it was.
      if (!charge)
        return reference.startsWith('test_') ? { ok: true } : { ok: false, message: UNKNOWN_PAYMENT };
      if (charge.state === 'canceled' || charge.state === 'failed') return { ok: true };
      if (await ledger.move(reference, ['authorised'], { state: 'canceled' })) return { ok: true };
      return { ok: false, message: 'This payment is already captured.' };
    },
    async capture(reference, amountCents) {
      if (!reference.startsWith('test_')) return { ok: false, message: UNKNOWN_PAYMENT };
      if (!Number.isSafeInteger(amountCents) || amountCents < 0)
        return { ok: false, message: 'Invalid amount.' };
      const charge = await ledger.byReference(reference);
      // Orders paid before the ledger existed have no row: their capture is a no-op, as it was.
      if (!charge || charge.state === 'captured') return { ok: true };
      if (amountCents > charge.amountCents)
        return { ok: false, message: 'The capture is more than what was authorised.' };
      if (await ledger.move(reference, ['authorised'], { state: 'captured', captureCents: amountCents }))
        return { ok: true };
      const now = await ledger.byReference(reference);
      return now?.state === 'captured' ? { ok: true } : { ok: false, message: 'This payment was canceled.' };
    },
    async refund(reference, amountCents) {
      if (!reference.startsWith('test_')) return { ok: false, message: UNKNOWN_PAYMENT };
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0)
        return { ok: false, message: 'Invalid amount.' };
      const charge = await ledger.byReference(reference);
      if (charge && (charge.state !== 'captured' || amountCents > charge.capturedCents))
        return { ok: false, message: 'The refund is more than what was captured.' };
      return { ok: true };
    },
  };
}

export type TestPaymentProvider = ReturnType<typeof createTestPaymentProvider>;
