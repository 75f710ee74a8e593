import {
  PAYMENT_SETTINGS_MESSAGES as M,
  type PaymentSettings,
  type PaymentSettingsInput,
  STRIPE_KEY_PATTERNS,
  STRIPE_WEBHOOK_PATH,
  stripeKeyMode,
} from '@store/api';
import { fillMessage } from '@store/commerce';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentSettings } from '../../db/schema/index';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import type { SecretBoxSource } from './secret-box';

type Row = typeof paymentSettings.$inferSelect;
type Site = Pick<SiteRecord, 'id' | 'baseUrl' | 'hosts' | 'identifier'>;
type KeyField = 'publishableKey' | 'secretKey' | 'webhookSecret';
type Keys = Partial<Record<KeyField, string>>;

/** A site's usable Stripe keys, opened. */
export interface StripeKeys {
  publishableKey: string;
  secretKey: string;
  webhookSecret?: string;
}

/**
 * Why settings were not saved or keys not usable. INVALID: per-field messages;
 * SECRETS_KEY_MISSING: the server has no key to seal secrets with (the operator must set one).
 */
export type SettingsRefusal =
  | { ok: false; reason: 'INVALID'; errors: Partial<Record<KeyField, string>>; message: string }
  | { ok: false; reason: 'SECRETS_KEY_MISSING'; message: string };

/** The sealed column a secret lives in, authenticated with the site: it opens nowhere else. */
const sealContext = (websiteId: string, field: 'secretKey' | 'webhookSecret') =>
  `payment_settings:${websiteId}:${field}`;

async function rowOf(db: Database, websiteId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.websiteId, websiteId));
  return row;
}

type Opened = { state: 'none' } | { state: 'open'; value: string } | { state: 'unreadable'; message: string };

/** A stored secret, opened with the server's box (or why it cannot be). */
function openSecret(
  row: Row | undefined,
  field: 'secretKey' | 'webhookSecret',
  source: SecretBoxSource,
): Opened {
  const sealed = field === 'secretKey' ? row?.stripeSecretKey : row?.stripeWebhookSecret;
  if (!row || !sealed) return { state: 'none' };
  if (!source.ok) return { state: 'unreadable', message: source.message };
  const opened = source.box.open(sealed, sealContext(row.websiteId, field));
  return opened.ok
    ? { state: 'open', value: opened.value }
    : { state: 'unreadable', message: M.secretsUnreadable };
}

/** What must be fixed before Stripe can take payments, or null. */
function problemOf(row: Row | undefined, source: SecretBoxSource): string | null {
  for (const field of ['secretKey', 'webhookSecret'] as const) {
    const opened = openSecret(row, field, source);
    if (opened.state === 'unreadable') return opened.message;
  }
  return source.ok ? null : source.message;
}

function present(site: Site, row: Row | undefined, source: SecretBoxSource): PaymentSettings {
  const provider = row?.provider ?? 'test';
  const publishableKey = row?.stripePublishableKey ?? null;
  return {
    provider,
    captureMode: row?.captureMode ?? 'automatic',
    mode: provider === 'stripe' && stripeKeyMode(publishableKey) === 'live' ? 'live' : 'test',
    publishableKey,
    secretKeyLast4: row?.stripeSecretKey ? row.stripeSecretKeyLast4 : null,
    webhookSecretLast4: row?.stripeWebhookSecret ? row.stripeWebhookSecretLast4 : null,
    webhookUrl: `${siteBaseUrl(site)}${STRIPE_WEBHOOK_PATH}`,
    problem: problemOf(row, source),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The site's payment settings as the studio reads them: secrets only as their last four characters. */
export async function readPaymentSettings(
  db: Database,
  site: Site,
  source: SecretBoxSource,
): Promise<PaymentSettings> {
  return present(site, await rowOf(db, site.id), source);
}

/** The keys typed in: trimmed, empty ones dropped (an empty secret keeps the stored one). */
function givenKeys(input: Keys): Keys {
  const out: Keys = {};
  for (const field of ['publishableKey', 'secretKey', 'webhookSecret'] as const) {
    const value = input[field]?.trim();
    if (value) out[field] = value;
  }
  return out;
}

const FORMAT_MESSAGES: Record<KeyField, string> = {
  publishableKey: M.publishableKeyFormat,
  secretKey: M.secretKeyFormat,
  webhookSecret: M.webhookSecretFormat,
};

/**
 * The keys the given ones and the stored ones make together, checked: formats, both keys
 * present when Stripe is to be used, and test and live keys not mixed.
 */
function mergeKeys(
  row: Row | undefined,
  given: Keys,
  source: SecretBoxSource,
  stripeChosen: boolean,
): { ok: true; keys: Keys } | SettingsRefusal {
  const errors: Partial<Record<KeyField, string>> = {};
  for (const field of Object.keys(given) as KeyField[]) {
    if (!STRIPE_KEY_PATTERNS[field].test(given[field] ?? '')) errors[field] = FORMAT_MESSAGES[field];
  }
  const keys: Keys = { publishableKey: given.publishableKey ?? row?.stripePublishableKey ?? undefined };
  for (const field of ['secretKey', 'webhookSecret'] as const) {
    if (given[field]) {
      keys[field] = given[field];
      continue;
    }
    const stored = openSecret(row, field, source);
    if (stored.state === 'open') keys[field] = stored.value;
    // A secret that cannot be opened must be typed again before Stripe is used with it.
    if (stored.state === 'unreadable' && stripeChosen) errors[field] ??= stored.message;
  }
  if (stripeChosen) {
    if (!keys.publishableKey) errors.publishableKey ??= M.publishableKeyRequired;
    if (!keys.secretKey) errors.secretKey ??= M.secretKeyRequired;
  }
  const publishable = stripeKeyMode(keys.publishableKey);
  const secret = stripeKeyMode(keys.secretKey);
  if (!errors.publishableKey && !errors.secretKey && publishable && secret && publishable !== secret) {
    errors[given.secretKey || !given.publishableKey ? 'secretKey' : 'publishableKey'] = fillMessage(
      M.mixedModes,
      { publishable, secret },
    );
  }
  const first = Object.values(errors)[0];
  if (first) return { ok: false, reason: 'INVALID', errors, message: first };
  return { ok: true, keys };
}

class Refused extends Error {
  constructor(readonly refusal: SettingsRefusal) {
    super(refusal.reason);
  }
}

/**
 * Save the provider, capture mode and keys. Secrets are sealed with the server's box (refused
 * when it has none); a secret left empty keeps the stored one; choosing test mode keeps the
 * Stripe keys for later. Read and written under the row's lock, so two saves never mix keys.
 */
export async function savePaymentSettings(
  db: Database,
  site: Site,
  input: PaymentSettingsInput,
  source: SecretBoxSource,
): Promise<{ ok: true; value: PaymentSettings } | SettingsRefusal> {
  const given = givenKeys(input);
  try {
    const row = await db.transaction(async (tx) => {
      await tx.insert(paymentSettings).values({ websiteId: site.id }).onConflictDoNothing();
      const [current] = await tx
        .select()
        .from(paymentSettings)
        .where(eq(paymentSettings.websiteId, site.id))
        .for('update');
      const merged = mergeKeys(current, given, source, input.provider === 'stripe');
      if (!merged.ok) throw new Refused(merged);
      if ((given.secretKey || given.webhookSecret) && !source.ok)
        throw new Refused({ ok: false, reason: 'SECRETS_KEY_MISSING', message: source.message });
      const changes: Partial<Row> = {
        provider: input.provider,
        captureMode: input.captureMode,
        updatedAt: new Date(),
      };
      if (given.publishableKey) changes.stripePublishableKey = given.publishableKey;
      if (source.ok && given.secretKey) {
        changes.stripeSecretKey = source.box.seal(given.secretKey, sealContext(site.id, 'secretKey'));
        changes.stripeSecretKeyLast4 = given.secretKey.slice(-4);
      }
      if (source.ok && given.webhookSecret) {
        changes.stripeWebhookSecret = source.box.seal(
          given.webhookSecret,
          sealContext(site.id, 'webhookSecret'),
        );
        changes.stripeWebhookSecretLast4 = given.webhookSecret.slice(-4);
      }
      const [saved] = await tx
        .update(paymentSettings)
        .set(changes)
        .where(eq(paymentSettings.websiteId, site.id))
        .returning();
      return saved;
    });
    return { ok: true, value: present(site, row, source) };
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/**
 * The keys a connection check uses: those typed in, the stored ones for fields left empty.
 * Both keys are required, whichever provider is chosen (the owner checks before switching).
 */
export async function keysToCheck(
  db: Database,
  websiteId: string,
  input: Keys,
  source: SecretBoxSource,
): Promise<{ ok: true; keys: StripeKeys } | SettingsRefusal> {
  const merged = mergeKeys(await rowOf(db, websiteId), givenKeys(input), source, true);
  if (!merged.ok) return merged;
  const { publishableKey = '', secretKey = '', webhookSecret } = merged.keys;
  return { ok: true, keys: { publishableKey, secretKey, ...(webhookSecret ? { webhookSecret } : {}) } };
}

/** A site's stored Stripe connection: its keys opened, or why they cannot be used. */
export interface StoredStripe {
  /** Changes whenever a key does: a client built from other keys is stale. */
  fingerprint: string;
  publishableKey: string | null;
  keys: { ok: true; value: StripeKeys } | { ok: false; message: string };
}

/**
 * What checkout needs of a site's settings: the chosen provider, the capture mode, and the
 * stored Stripe keys (kept when the owner switches to test mode: earlier Stripe payments are
 * still refunded through them). `stripe` is null when no Stripe key was ever stored.
 */
export interface SiteProviderSettings {
  provider: 'test' | 'stripe';
  captureMode: 'automatic' | 'manual';
  stripe: StoredStripe | null;
}

function storedStripe(row: Row, source: SecretBoxSource): StoredStripe {
  const fingerprint = [row.stripePublishableKey, row.stripeSecretKey, row.stripeWebhookSecret].join('|');
  const publishableKey = row.stripePublishableKey;
  const secret = openSecret(row, 'secretKey', source);
  const webhook = openSecret(row, 'webhookSecret', source);
  const unreadable = [secret, webhook].find((o) => o.state === 'unreadable');
  if (unreadable?.state === 'unreadable')
    return { fingerprint, publishableKey, keys: { ok: false, message: unreadable.message } };
  if (secret.state !== 'open' || !publishableKey)
    return { fingerprint, publishableKey, keys: { ok: false, message: M.notConnected } };
  const value: StripeKeys = {
    publishableKey,
    secretKey: secret.value,
    ...(webhook.state === 'open' ? { webhookSecret: webhook.value } : {}),
  };
  return { fingerprint, publishableKey, keys: { ok: true, value } };
}

/** The site's provider settings with its Stripe keys opened (one primary-key read). */
export async function providerSettingsOf(
  db: Database,
  websiteId: string,
  source: SecretBoxSource,
): Promise<SiteProviderSettings> {
  const row = await rowOf(db, websiteId);
  const hasStripe = Boolean(row && (row.stripePublishableKey || row.stripeSecretKey));
  return {
    provider: row?.provider ?? 'test',
    captureMode: row?.captureMode ?? 'automatic',
    stripe: row && hasStripe ? storedStripe(row, source) : null,
  };
}

/** The site's capture mode: 'automatic' (take the money at once) unless the owner chose to authorise only. */
export async function captureModeOf(db: Database, websiteId: string): Promise<'automatic' | 'manual'> {
  const [row] = await db
    .select({ captureMode: paymentSettings.captureMode })
    .from(paymentSettings)
    .where(eq(paymentSettings.websiteId, websiteId));
  return row?.captureMode ?? 'automatic';
}
