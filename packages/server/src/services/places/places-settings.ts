import { PLACES_MESSAGES as M, type PlacesSettingsView } from '@store/api';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { placesSettings } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import type { SecretBoxSource } from '../payments/secret-box';
import { googlePlaces } from './google-places';
import { offlinePlaces } from './offline-places';
import type { PlacesProvider } from './places-provider';

/**
 * Who answers a site's checkout address suggestions: the owner's own Google key (Settings →
 * Address suggestions, sealed per site), else the server's GOOGLE_PLACES_API_KEY, else the
 * offline datasets.
 */

type Row = typeof placesSettings.$inferSelect;

export interface PlacesServerConfig {
  googleApiKey?: string | undefined;
  /** Where Google's API answers (a local server in tests). */
  googleApiBase?: string | undefined;
}

/** The sealed key is bound to the site and the column: it opens nowhere else. */
const sealContext = (websiteId: string) => `places_settings:${websiteId}:google_api_key`;

async function rowOf(db: Database, websiteId: string): Promise<Row | undefined> {
  const [row] = await db.select().from(placesSettings).where(eq(placesSettings.websiteId, websiteId));
  return row;
}

function openKey(row: Row, source: SecretBoxSource): string | null {
  if (!source.ok) return null;
  const opened = source.box.open(row.googleApiKeySealed, sealContext(row.websiteId));
  return opened.ok ? opened.value : null;
}

function present(
  row: Row | undefined,
  source: SecretBoxSource,
  server: PlacesServerConfig,
): PlacesSettingsView {
  const readable = row ? openKey(row, source) !== null : false;
  return {
    source: readable ? 'site' : server.googleApiKey ? 'server' : 'offline',
    googleKeyLast4: row?.googleApiKeyLast4 ?? null,
    problem: row && !readable ? (source.ok ? M.keyUnreadable : source.message) : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function readPlacesSettings(
  db: Database,
  websiteId: string,
  source: SecretBoxSource,
  server: PlacesServerConfig,
): Promise<PlacesSettingsView> {
  return present(await rowOf(db, websiteId), source, server);
}

/** Ask Google whether a key answers, by one autocomplete call for a well-known postal code. */
export async function checkGoogleKey(
  apiKey: string,
  server: PlacesServerConfig,
): Promise<Outcome<{ ok: true; message: string }>> {
  const found = await googlePlaces({ apiKey, apiBase: server.googleApiBase }).autocomplete({
    input: '10001',
    country: 'US',
  });
  if (found.ok) return { ok: true, value: { ok: true, message: M.keyWorks } };
  return { ok: false, reason: found.reason === 'refused' ? 'PLACES_KEY_REFUSED' : 'PLACES_UNREACHABLE' };
}

/** The stored key of a site, when there is one and it opens (for "check the stored key"). */
export async function storedGoogleKey(db: Database, websiteId: string, source: SecretBoxSource) {
  const row = await rowOf(db, websiteId);
  return row ? openKey(row, source) : null;
}

/**
 * Keep the owner's key: checked with Google first (a key Google refuses is not stored, so
 * checkout never silently loses its suggestions), then sealed with the server key.
 */
export function savePlacesKey(
  db: Database,
  websiteId: string,
  apiKey: string,
  source: SecretBoxSource,
  server: PlacesServerConfig,
): Promise<Outcome<PlacesSettingsView>> {
  return asOutcome(async () => {
    if (!source.ok) throw new Rejection('PLACES_SECRETS_KEY_MISSING', undefined, source.message);
    const checked = await checkGoogleKey(apiKey, server);
    if (!checked.ok) throw new Rejection(checked.reason);
    const values = {
      googleApiKeySealed: source.box.seal(apiKey, sealContext(websiteId)),
      googleApiKeyLast4: apiKey.slice(-4),
      updatedAt: sql`now()`,
    };
    await db
      .insert(placesSettings)
      .values({ websiteId, ...values })
      .onConflictDoUpdate({ target: placesSettings.websiteId, set: values });
    return present(await rowOf(db, websiteId), source, server);
  });
}

export async function removePlacesKey(
  db: Database,
  websiteId: string,
  source: SecretBoxSource,
  server: PlacesServerConfig,
): Promise<PlacesSettingsView> {
  await db.delete(placesSettings).where(eq(placesSettings.websiteId, websiteId));
  return present(undefined, source, server);
}

/**
 * The provider for a site's visitors. Providers over the owner's key are kept per site and
 * save (the row's time), so a new key takes effect at once and each request reads one row.
 */
export function placesProviders(db: Database, source: () => SecretBoxSource, server: PlacesServerConfig) {
  const serverProvider = server.googleApiKey
    ? googlePlaces({ apiKey: server.googleApiKey, apiBase: server.googleApiBase })
    : offlinePlaces;
  const bySite = new Map<string, { version: string; provider: PlacesProvider }>();
  return async function providerFor(websiteId: string): Promise<PlacesProvider> {
    const row = await rowOf(db, websiteId);
    if (!row) {
      bySite.delete(websiteId);
      return serverProvider;
    }
    const version = row.updatedAt.toISOString();
    const kept = bySite.get(websiteId);
    if (kept?.version === version) return kept.provider;
    const key = openKey(row, source());
    if (!key) return serverProvider;
    const provider = googlePlaces({ apiKey: key, apiBase: server.googleApiBase });
    bySite.set(websiteId, { version, provider });
    return provider;
  };
}
