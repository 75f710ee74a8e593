import { issueGiftCardBody } from '@store/api';
import type { ApiOutput } from '@store/api/client';
import { parseMoney } from '@store/commerce';
import { z } from 'zod';

export type GiftCardRow = ApiOutput<'GET /api/owner/gift-cards'>['giftCards'][number];
export type GiftCardStatus = GiftCardRow['status'];

export const giftCardStatusLabels: Record<GiftCardStatus, string> = {
  ACTIVE: 'Active',
  USED: 'Used up',
  DISABLED: 'Disabled',
};

/** What the owner types to issue a card: the amount as money text ("25" or "25.00"). */
export interface IssueDraft {
  amount: string;
  email: string;
  name: string;
  message: string;
}

export const emptyIssueDraft: IssueDraft = { amount: '', email: '', name: '', message: '' };

const AMOUNT_MESSAGES: Record<string, string> = {
  MONEY_TOO_MANY_DECIMALS: 'That amount has too many decimals for the store currency.',
  MONEY_TOO_LARGE: 'That amount is too large for one gift card.',
};

/**
 * The issue form's schema: the typed amount becomes integer minor units of the store
 * currency (parseMoney, never floats), then the API's own schema checks the body, so the
 * errors carry the API's paths (`amountCents`, `email`, `message`).
 */
export function issueSchema(currency: string) {
  return z
    .object({ amount: z.string(), email: z.string(), name: z.string(), message: z.string() })
    .transform((draft, ctx) => {
      const typed = draft.amount.trim();
      const parsed = typed ? parseMoney(typed, currency) : null;
      if (parsed && !parsed.ok) {
        ctx.addIssue({
          code: 'custom',
          path: ['amountCents'],
          message: AMOUNT_MESSAGES[parsed.code] ?? 'Enter an amount, like 25.00.',
        });
        return z.NEVER;
      }
      const body: { amountCents: number; email: string; name?: string; message?: string } = {
        amountCents: parsed?.ok ? parsed.minor : Number.NaN,
        email: draft.email,
      };
      if (draft.name.trim()) body.name = draft.name.trim();
      if (draft.message.trim()) body.message = draft.message.trim();
      return body;
    })
    .pipe(issueGiftCardBody);
}

/** "$12.00 of $25.00" (what is left of what it was issued for). */
export function balanceText(
  card: Pick<GiftCardRow, 'balanceCents' | 'initialCents'>,
  fmt: (c: number) => string,
) {
  return card.balanceCents === card.initialCents
    ? fmt(card.balanceCents)
    : `${fmt(card.balanceCents)} of ${fmt(card.initialCents)}`;
}

/**
 * One Idempotency-Key per issue attempt: the same values sent again (a retry after a lost
 * answer) reuse the key, so the server answers with the card it issued instead of a second
 * card; other values, or a new card after success, get a fresh key.
 */
export function idempotencyKeeper(newKey: () => string = () => crypto.randomUUID()) {
  let last: { values: string; key: string } | null = null;
  return {
    keyFor(values: object): string {
      const text = JSON.stringify(values);
      if (last?.values !== text) last = { values: text, key: newKey() };
      return last.key;
    },
    /** The card was issued: the next one is another action. */
    done(): void {
      last = null;
    },
  };
}
