import { type PaymentSettings, type PaymentSettingsInput, stripeKeyMode } from '@store/api';
import type { ApiOutput } from '@store/api/client';
import { call } from '../api';

export type { PaymentSettings };
export type ConnectionAnswer = ApiOutput<'POST /api/owner/store/payments/check'>;

/** What the Payments form holds: the provider, the capture mode and the keys as typed (secrets empty until typed). */
export interface PaymentsDraft {
  provider: PaymentSettings['provider'];
  captureMode: PaymentSettings['captureMode'];
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
}

export const paymentsApi = {
  read: () => call('GET /api/owner/store/payments'),
  save: (body: PaymentSettingsInput) => call('PUT /api/owner/store/payments', { body }),
  check: (keys: Partial<Pick<PaymentsDraft, 'publishableKey' | 'secretKey' | 'webhookSecret'>>) =>
    call('POST /api/owner/store/payments/check', { body: keys }),
};

/** A fresh draft from what the server holds: secret fields start empty (the stored ones are kept). */
export const draftOf = (settings: PaymentSettings): PaymentsDraft => ({
  provider: settings.provider,
  captureMode: settings.captureMode,
  publishableKey: settings.publishableKey ?? '',
  secretKey: '',
  webhookSecret: '',
});

/** Only the keys typed in: an empty secret keeps the stored one. */
export function typedKeys(
  draft: PaymentsDraft,
): Partial<Record<'publishableKey' | 'secretKey' | 'webhookSecret', string>> {
  const out: Partial<Record<'publishableKey' | 'secretKey' | 'webhookSecret', string>> = {};
  for (const field of ['publishableKey', 'secretKey', 'webhookSecret'] as const) {
    const value = draft[field].trim();
    if (value) out[field] = value;
  }
  return out;
}

/**
 * The label the section wears: LIVE only when Stripe is chosen and its keys (the typed ones
 * first, else the stored ones) are live keys; test mode and test keys are TEST.
 */
export function modeOf(draft: PaymentsDraft, saved: PaymentSettings): 'test' | 'live' {
  if (draft.provider !== 'stripe') return 'test';
  const typed = stripeKeyMode(draft.secretKey.trim()) ?? stripeKeyMode(draft.publishableKey.trim());
  if (typed) return typed;
  return saved.provider === 'stripe' ? saved.mode : (stripeKeyMode(saved.publishableKey) ?? 'test');
}

/** "•••• 1234" for a stored secret; empty when none is stored. */
export const maskedLast4 = (last4: string | null) => (last4 ? `•••• ${last4}` : '');
