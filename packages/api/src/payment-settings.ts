import { z } from 'zod';

/**
 * What the owner is told about the payment settings (Commerce → Store settings → Payments):
 * the server answers with these words and the studio shows the same ones.
 */
export const PAYMENT_SETTINGS_MESSAGES = {
  publishableKeyFormat: 'A publishable key starts with pk_test_ or pk_live_.',
  secretKeyFormat: 'A secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_.',
  webhookSecretFormat: 'A webhook signing secret starts with whsec_.',
  publishableKeyRequired: 'Enter the publishable key from the Stripe dashboard (Developers → API keys).',
  secretKeyRequired: 'Enter the secret key from the Stripe dashboard (Developers → API keys).',
  mixedModes:
    'The publishable key is a {publishable} key and the secret key a {secret} key: use both test keys or both live keys.',
  secretsKeyMissing:
    'Keys cannot be stored safely yet: set SECRETS_KEY on the server (32 random bytes, base64 or hex, e.g. from `openssl rand -base64 32`) and restart it.',
  secretsKeyFileFailed:
    'Keys cannot be stored safely yet: the server could not create its key file ({detail}). Set SECRETS_KEY on the server and restart it.',
  secretsUnreadable:
    'The stored Stripe keys cannot be read with this server’s SECRETS_KEY (it changed since they were saved): enter the secret key and the webhook secret again.',
  notConnected: 'Enter the publishable key and the secret key first.',
  checkUnavailable: 'This provider cannot check its connection.',
  connectedTest: 'Connected to Stripe in test mode: no real money moves.',
  connectedLive: 'Connected to Stripe in live mode: real cards are charged.',
} as const;

/** Every Stripe key body: letters, digits and underscores after its prefix. */
const KEY_BODY = '[A-Za-z0-9_]{4,240}';
export const STRIPE_KEY_PATTERNS = {
  publishableKey: new RegExp(`^pk_(test|live)_${KEY_BODY}$`),
  secretKey: new RegExp(`^(sk|rk)_(test|live)_${KEY_BODY}$`),
  webhookSecret: new RegExp(`^whsec_${KEY_BODY}$`),
} as const;

/** 'test' or 'live' from a Stripe key's prefix (pk_test_, sk_live_, rk_test_ …); undefined for anything else. */
export function stripeKeyMode(key: string | null | undefined): 'test' | 'live' | undefined {
  const match = /^(?:pk|sk|rk)_(test|live)_/.exec(key ?? '');
  return match ? (match[1] as 'test' | 'live') : undefined;
}

/** Where Stripe sends its events for a site: its origin and this path. */
export const STRIPE_WEBHOOK_PATH = '/api/commerce/payments/stripe/webhook';

const keyText = z.string().trim().max(255, 'That key is too long.');

/**
 * The keys of a save or a connection check. An empty or missing secret keeps the stored one;
 * the formats are checked by the server's payment settings service (field errors, exact words).
 */
export const stripeKeysInput = z.object({
  publishableKey: keyText.optional(),
  secretKey: keyText.optional(),
  webhookSecret: keyText.optional(),
});

export const paymentSettingsInput = stripeKeysInput.extend({
  provider: z.enum(['test', 'stripe']),
  /** 'automatic': take the money at once; 'manual': authorise, capture from the order later. */
  captureMode: z.enum(['automatic', 'manual']),
});
export type PaymentSettingsInput = z.output<typeof paymentSettingsInput>;

/** The settings as the studio reads them: never a secret, only its last four characters. */
export const paymentSettings = z.object({
  provider: z.enum(['test', 'stripe']),
  captureMode: z.enum(['automatic', 'manual']),
  /** 'live' only when Stripe is chosen with live keys: real cards are charged. */
  mode: z.enum(['test', 'live']),
  publishableKey: z.string().nullable(),
  secretKeyLast4: z.string().nullable(),
  webhookSecretLast4: z.string().nullable(),
  /** The address to paste into Stripe's dashboard as the webhook endpoint. */
  webhookUrl: z.string(),
  /** Something to fix before Stripe can take payments, in words (no key to store them with …). */
  problem: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PaymentSettings = z.output<typeof paymentSettings>;

export const connectionCheck = z.union([
  z.object({ ok: z.literal(true), mode: z.enum(['test', 'live']), message: z.string() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

export const paymentSettingsRoutes = {
  'GET /api/owner/store/payments': {
    summary:
      'Owner: the payment provider (built-in test mode or Stripe), capture mode and Stripe keys; secrets only as their last four characters',
    response: paymentSettings,
  },
  'PUT /api/owner/store/payments': {
    summary:
      'Owner: choose the payment provider and capture mode and store Stripe keys (secrets encrypted with the server key); an empty secret keeps the stored one; answers the settings as GET does',
    body: paymentSettingsInput,
    response: paymentSettings,
  },
  'POST /api/owner/store/payments/check': {
    summary:
      'Owner: ask Stripe whether the given keys (or the stored ones, for fields left empty) work; answers ok and the mode, or what is wrong in words',
    body: stripeKeysInput,
    response: connectionCheck,
  },
} as const;
