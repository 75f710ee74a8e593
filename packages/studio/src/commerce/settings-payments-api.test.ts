import { describe, expect, it } from 'vitest';
import { draftOf, maskedLast4, modeOf, type PaymentSettings, typedKeys } from './settings-payments-api';

const saved: PaymentSettings = {
  provider: 'stripe',
  captureMode: 'manual',
  mode: 'test',
  publishableKey: 'pk_test_51Stored',
  secretKeyLast4: '1234',
  webhookSecretLast4: null,
  webhookUrl: 'https://shop.example/api/commerce/payments/stripe/webhook',
  problem: null,
  updatedAt: '2025-01-01T00:00:00.000Z',
};

describe('payments form', () => {
  it('starts from the stored settings with the secret fields empty', () => {
    expect(draftOf(saved)).toEqual({
      provider: 'stripe',
      captureMode: 'manual',
      publishableKey: 'pk_test_51Stored',
      secretKey: '',
      webhookSecret: '',
    });
  });

  it('sends only the keys typed in, trimmed (an empty secret keeps the stored one)', () => {
    const draft = { ...draftOf(saved), secretKey: '  sk_test_51New \n', webhookSecret: '   ' };
    expect(typedKeys(draft)).toEqual({ publishableKey: 'pk_test_51Stored', secretKey: 'sk_test_51New' });
  });

  it('labels TEST or LIVE from the typed keys first, then the stored ones; test mode is always TEST', () => {
    const draft = draftOf(saved);
    expect(modeOf(draft, saved)).toBe('test');
    expect(modeOf({ ...draft, publishableKey: 'pk_live_51Typed' }, saved)).toBe('live');
    expect(modeOf({ ...draft, secretKey: 'rk_live_51Typed' }, saved)).toBe('live');
    expect(modeOf({ ...draft, provider: 'test', secretKey: 'sk_live_51Typed' }, saved)).toBe('test');
    expect(modeOf({ ...draft, publishableKey: '' }, { ...saved, mode: 'live' })).toBe('live');
  });

  it('shows a stored secret as its last four characters only', () => {
    expect(maskedLast4('1234')).toBe('•••• 1234');
    expect(maskedLast4(null)).toBe('');
  });
});
