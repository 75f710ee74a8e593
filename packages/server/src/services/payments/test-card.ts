/**
 * Card data typed into the checkout form, checked the way a provider's tokenizer checks it.
 * Used only by the built-in test-mode provider: no card number is ever stored.
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name?: string;
}

/**
 * `declinesLater`: paid with the buyer present and kept for later, then declined on every
 * charge made without them (a renewal), as Stripe's 4000 0000 0000 0341.
 */
export type CardOutcome = 'success' | 'declined' | 'insufficientFunds' | 'declinesLater';

export const CARD_MESSAGES = {
  number: 'Your card number is invalid.',
  expMonth: 'Your card’s expiration month is invalid.',
  expYear: 'Your card’s expiration year is invalid.',
  expired: 'Your card has expired.',
  cvc: 'Your card’s security code is invalid.',
} as const;

/** Documented test cards of common providers; any other valid number succeeds. */
const OUTCOME_BY_NUMBER: Record<string, CardOutcome> = {
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficientFunds',
  '4000000000000341': 'declinesLater',
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

export type CardCheck =
  | { ok: true; digits: string; brand: string; last4: string; outcome: CardOutcome }
  | { ok: false; errors: Record<string, string> };

/** Validate the whole card at once so the form can mark every wrong field together. */
export function checkCard(input: Partial<Record<keyof CardInput, unknown>>, now = new Date()): CardCheck {
  const errors: Record<string, string> = {};
  const digits = typeof input.number === 'string' ? input.number.replace(/[\s-]/g, '') : '';
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) errors.number = CARD_MESSAGES.number;
  const month = input.expMonth;
  const monthOk = typeof month === 'number' && Number.isInteger(month) && month >= 1 && month <= 12;
  if (!monthOk) errors.expMonth = CARD_MESSAGES.expMonth;
  const year = input.expYear;
  const yearOk = typeof year === 'number' && Number.isInteger(year) && year >= 2000 && year <= 2100;
  if (!yearOk) errors.expYear = CARD_MESSAGES.expYear;
  else if (monthOk) {
    // A card is valid through the last day of its expiry month.
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < current) errors.expYear = CARD_MESSAGES.expired;
  }
  if (typeof input.cvc !== 'string' || !/^\d{3,4}$/.test(input.cvc)) errors.cvc = CARD_MESSAGES.cvc;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    digits,
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    outcome: OUTCOME_BY_NUMBER[digits] ?? 'success',
  };
}
