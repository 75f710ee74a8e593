import type { ApiOutput } from '@store/api/client';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api';
import { loadStripe, type StripeJs } from './stripe-js';

export type PaymentConfig = ApiOutput<'GET /api/commerce/payments/config'>;
type StripeConfig = Extract<PaymentConfig, { provider: 'stripe' }>;

/** How this checkout takes the card, once known. */
export type PaymentSetup =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'test' }
  | { status: 'stripe'; config: StripeConfig; stripe: StripeJs };

export const PAYMENT_UNAVAILABLE = 'Card payment could not be loaded. Check your connection and try again.';
const STRIPE_NOT_SET_UP = 'Card payments are unavailable right now. Please try again later.';

/** The site's provider (GET /api/commerce/payments/config), and Stripe.js when it is Stripe. */
async function setUp(): Promise<PaymentSetup> {
  const config = await api('GET /api/commerce/payments/config');
  if (config.provider === 'test') return { status: 'test' };
  if (!config.publishableKey) return { status: 'failed', message: STRIPE_NOT_SET_UP };
  const stripe = await loadStripe(config.scriptUrl, config.publishableKey);
  return { status: 'stripe', config, stripe };
}

/** The checkout's payment setup, and a way to try again after it failed to load. */
export function usePaymentSetup(): { setup: PaymentSetup; retry: () => void } {
  const [setup, setSetup] = useState<PaymentSetup>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads again
  useEffect(() => {
    let current = true;
    setSetup({ status: 'loading' });
    setUp().then(
      (next) => current && setSetup(next),
      () => current && setSetup({ status: 'failed', message: PAYMENT_UNAVAILABLE }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { setup, retry };
}
