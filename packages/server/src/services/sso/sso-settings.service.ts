import { SSO_MESSAGES as M, type SsoSettingsInput, type SsoSettingsView } from '@store/api';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ssoSettings } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import type { SecretBoxSource } from '../payments/secret-box';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import { type IssuerPolicy, parseIssuer } from './issuer-guard';

type Row = typeof ssoSettings.$inferSelect;
type Site = Pick<SiteRecord, 'id' | 'baseUrl' | 'hosts'>;

/** Where the provider sends the visitor back (registered at the provider as the redirect URI). */
export const SSO_CALLBACK_PATH = '/account/sso/callback';
export const DEFAULT_BUTTON_LABEL = 'SSO';

/** The sealed secret is bound to the site and the column: it opens nowhere else. */
const sealContext = (websiteId: string) => `sso_settings:${websiteId}:client_secret`;

async function rowOf(db: Database, websiteId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.websiteId, websiteId));
  return row;
}

function problemOf(row: Row | undefined, source: SecretBoxSource): string | null {
  if (!row) return null;
  if (!source.ok) return source.message;
  if (!row.clientSecretSealed) return M.notConfigured;
  return source.box.open(row.clientSecretSealed, sealContext(row.websiteId)).ok ? null : M.secretUnreadable;
}

function present(site: Site, row: Row | undefined, source: SecretBoxSource): SsoSettingsView {
  return {
    enabled: row?.enabled ?? false,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    clientSecretLast4: row?.clientSecretSealed ? row.clientSecretLast4 : null,
    buttonLabel: row?.buttonLabel ?? DEFAULT_BUTTON_LABEL,
    redirectUri: `${siteBaseUrl(site)}${SSO_CALLBACK_PATH}`,
    problem: problemOf(row, source),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The settings as the studio reads them: the secret only as its last four characters. */
export async function readSsoSettings(
  db: Database,
  site: Site,
  source: SecretBoxSource,
): Promise<SsoSettingsView> {
  return present(site, await rowOf(db, site.id), source);
}

/**
 * Save the owner's provider. The issuer, client ID and label are checked (each field's words
 * in `errors`); a typed secret is sealed, an empty one keeps the stored one. Turning it on
 * needs all three of issuer, client ID and a secret.
 */
export function saveSsoSettings(
  db: Database,
  site: Site,
  input: SsoSettingsInput,
  source: SecretBoxSource,
  policy: Pick<IssuerPolicy, 'allowLoopback'>,
): Promise<Outcome<SsoSettingsView>> {
  return asOutcome(async () => {
    const row = await rowOf(db, site.id);
    const errors: Record<string, string> = {};
    let issuer = '';
    if (input.issuer) {
      const parsed = parseIssuer(input.issuer, policy);
      if (parsed.ok) issuer = parsed.issuer;
      else errors.issuer = parsed.message;
    } else if (input.enabled) errors.issuer = M.issuerNotAUrl;
    if (input.enabled && !input.clientId) errors.clientId = M.clientIdRequired;
    if (!input.buttonLabel) errors.buttonLabel = M.labelRequired;
    const secret = input.clientSecret ?? '';
    const storedSecret = Boolean(row?.clientSecretSealed) && problemOf(row, source) === null;
    if (input.enabled && !secret && !storedSecret) errors.clientSecret = M.clientSecretRequired;
    if (Object.keys(errors).length > 0)
      throw new Rejection('SSO_SETTINGS_INVALID', undefined, Object.values(errors)[0], { errors });
    let sealed: { clientSecretSealed: string; clientSecretLast4: string } | object = {};
    if (secret) {
      if (!source.ok) throw new Rejection('SSO_SECRETS_KEY_MISSING', undefined, source.message);
      sealed = {
        clientSecretSealed: source.box.seal(secret, sealContext(site.id)),
        clientSecretLast4: secret.slice(-4),
      };
    }
    const values = {
      enabled: input.enabled,
      issuer,
      clientId: input.clientId,
      buttonLabel: input.buttonLabel,
      updatedAt: sql`now()`,
      ...sealed,
    };
    // One row per site; two saves at once both land (the last one wins), never a duplicate.
    await db
      .insert(ssoSettings)
      .values({ websiteId: site.id, ...values })
      .onConflictDoUpdate({ target: ssoSettings.websiteId, set: values });
    return present(site, await rowOf(db, site.id), source);
  });
}

/** The provider a visitor signs in with: on, complete, and its secret opened. */
export interface SsoProvider {
  websiteId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
  /** Changes whenever the owner saves: cached discovery is keyed by it. */
  version: string;
}

/** This site's provider when visitors may use it, else null (off, incomplete, secret unreadable). */
export async function loadSsoProvider(
  db: Database,
  websiteId: string,
  source: SecretBoxSource,
): Promise<SsoProvider | null> {
  const row = await rowOf(db, websiteId);
  if (!row?.enabled || !row.issuer || !row.clientId || !row.clientSecretSealed || !source.ok) return null;
  const opened = source.box.open(row.clientSecretSealed, sealContext(websiteId));
  if (!opened.ok) return null;
  return {
    websiteId,
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: opened.value,
    buttonLabel: row.buttonLabel,
    version: row.updatedAt.toISOString(),
  };
}

/** What the sign-in page shows: the button's label when sign-in with SSO is on, else null. */
export async function ssoButton(db: Database, websiteId: string): Promise<{ label: string } | null> {
  const row = await rowOf(db, websiteId);
  if (!row?.enabled || !row.issuer || !row.clientId || !row.clientSecretSealed) return null;
  return { label: row.buttonLabel };
}

/** The secret typed for a check, or the stored one opened. */
export async function storedClientSecret(
  db: Database,
  websiteId: string,
  source: SecretBoxSource,
): Promise<string | null> {
  const row = await rowOf(db, websiteId);
  if (!row?.clientSecretSealed || !source.ok) return null;
  const opened = source.box.open(row.clientSecretSealed, sealContext(websiteId));
  return opened.ok ? opened.value : null;
}
