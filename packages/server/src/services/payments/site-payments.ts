import { PAYMENT_SETTINGS_MESSAGES } from '@store/api';
import type { Database } from '../../db/client';
import type { CaptureMode, PaymentProvider, PaymentState } from './payment-provider';
import { captureModeOf, providerSettingsOf, type StoredStripe } from './payment-settings.service';
import { type SecretBoxSource, secretBoxFor } from './secret-box';
import { createStripeProvider, stripeApiBase } from './stripe-provider';

export { captureModeOf };

/** The payment provider of a site (what checkout and the owner's order actions charge through). */
export type PaymentsFor = (site: { id: string }) => Promise<PaymentProvider>;

export interface SitePaymentsConfig {
  secretsKey?: Buffer;
  dataDir: string;
  databaseUrl?: string;
  /** STRIPE_API_BASE: another Stripe API address (tests: the local Stripe-compatible server). */
  stripeApiBase?: string;
}

export interface SitePaymentsResolver extends PaymentsFor {
  /** The provider new checkouts use and whether they capture at once (one settings read). */
  current(site: { id: string }): Promise<{ provider: PaymentProvider; capture: CaptureMode }>;
  /**
   * The provider that took an earlier payment, by the name recorded with it: 'stripe' is
   * the site's stored Stripe keys even after the owner went back to test mode (refunds).
   */
  named(site: { id: string }, name: string): Promise<PaymentProvider | undefined>;
  /** Drop the site's built client now (its settings were saved). */
  forget(siteId: string): void;
}

/** Sites whose Stripe clients are kept built at once; past it the cache starts over (a miss costs one build). */
const CACHE_MAX = 5_000;
const UNAVAILABLE = 'Payments are unavailable right now. Please try again later.';

/**
 * A site set up for Stripe whose keys cannot be used (the server's key changed, or none is
 * set): every payment is refused in words and nothing is concluded about earlier ones. Never
 * the test provider: a live shop must not take test cards as payment.
 */
function unavailableProvider(message: string, publishableKey: string | null): PaymentProvider {
  const refused = { ok: false as const, message: UNAVAILABLE };
  const unknown: PaymentState = { state: 'unknown', message };
  const livemode = Boolean(publishableKey?.startsWith('pk_live_'));
  return {
    name: 'stripe',
    testMode: !livemode,
    browser: () => ({ provider: 'stripe', publishableKey: publishableKey ?? '', livemode }),
    charge: async () => ({ state: 'failed', message: UNAVAILABLE }),
    lookup: async () => unknown,
    cancel: async () => refused,
    capture: async () => refused,
    refund: async () => refused,
    checkConnection: async () => ({ ok: false, message }),
    webhook: () => ({ ok: false, message }),
  };
}

/**
 * Each site's provider: Stripe when the owner connected it (keys opened from the secret box,
 * STRIPE_API_BASE as its API address), else `fallback` (the built-in test-mode provider).
 * The settings row is read on every call (a primary-key read), so a save on any process
 * applies to the next payment everywhere; a Stripe client is built once per set of keys and
 * kept until they change. Call it outside any open transaction: with PGlite the read waits
 * for the one connection.
 */
export function sitePayments(
  db: Database,
  config: SitePaymentsConfig,
  options: {
    fallback: () => Promise<PaymentProvider>;
    /** The database actually open (default: PostgreSQL when DATABASE_URL is set). */
    databaseKind?: 'pglite' | 'postgres';
    /** The box sealing the keys (default: the server's, from SECRETS_KEY or the PGlite key file). */
    secrets?: SecretBoxSource;
  },
): SitePaymentsResolver {
  const kind = options.databaseKind ?? (config.databaseUrl ? 'postgres' : 'pglite');
  const secrets = () => options.secrets ?? secretBoxFor(config, kind);
  const api = stripeApiBase(config.stripeApiBase);
  const built = new Map<string, { fingerprint: string; provider: PaymentProvider }>();
  let fallback: Promise<PaymentProvider> | undefined;

  const testProvider = () => {
    fallback ??= options.fallback().catch((error) => {
      fallback = undefined;
      throw error;
    });
    return fallback;
  };
  const stripeProvider = (siteId: string, stripe: StoredStripe | null): PaymentProvider => {
    if (!stripe) return unavailableProvider(PAYMENT_SETTINGS_MESSAGES.notConnected, null);
    const known = built.get(siteId);
    if (known?.fingerprint === stripe.fingerprint) return known.provider;
    const provider = stripe.keys.ok
      ? createStripeProvider({ ...stripe.keys.value, ...(api ? { api } : {}) })
      : unavailableProvider(stripe.keys.message, stripe.publishableKey);
    if (built.size >= CACHE_MAX) built.clear();
    built.set(siteId, { fingerprint: stripe.fingerprint, provider });
    return provider;
  };

  const current = async (site: { id: string }) => {
    const settings = await providerSettingsOf(db, site.id, secrets());
    const provider =
      settings.provider === 'stripe' ? stripeProvider(site.id, settings.stripe) : await testProvider();
    return { provider, capture: settings.captureMode };
  };
  const named = async (site: { id: string }, name: string): Promise<PaymentProvider | undefined> => {
    if (name === 'stripe') {
      const settings = await providerSettingsOf(db, site.id, secrets());
      return settings.stripe ? stripeProvider(site.id, settings.stripe) : undefined;
    }
    const test = await testProvider();
    return name === test.name ? test : undefined;
  };
  const resolve = async (site: { id: string }) => (await current(site)).provider;
  return Object.assign(resolve, {
    current,
    named,
    forget: (siteId: string) => void built.delete(siteId),
  });
}
