import { randomBytes } from 'node:crypto';

/** 10 random bytes (80 bits): far beyond guessing under the apply route's rate limit. */
export function newGiftCardCode(): string {
  return groups(randomBytes(10).toString('hex').toUpperCase());
}

function groups(raw: string): string {
  return raw.match(/.{1,4}/g)?.join('-') ?? raw;
}

/**
 * A typed code in its stored form (XXXX-XXXX-XXXX-XXXX-XXXX), else null: case, spaces and
 * dashes are forgiven, anything else is not a code.
 */
export function normalizeGiftCardCode(typed: string): string | null {
  const raw = typed.toUpperCase().replace(/[\s-]+/g, '');
  return /^[0-9A-F]{20}$/.test(raw) ? groups(raw) : null;
}

/** What the cart shows of an applied code: its last 4 characters only. */
export function maskGiftCardCode(code: string): { code: string; last4: string } {
  const last4 = code.replace(/-/g, '').slice(-4);
  return { code: `•••• ${last4}`, last4 };
}
