import {
  type CommerceNamespace,
  commerceNamespaces,
  commercePreferenceSchemas,
  type InstalmentPreferences,
  STORE_PREFERENCE_MESSAGES,
  STORE_SETTINGS_MESSAGES,
  type StorePreferences,
  fieldErrors,
} from '@store/api';
import type { CurrencyCode } from '@store/commerce';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { commercePreferences, websites } from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import type { Db } from '../cart/cart-store';

/** What a store that never saved instalments offers: today's US Afterpay terms, $35–$2 000. */
export const INSTALMENT_DEFAULTS: InstalmentPreferences = {
  enabled: true,
  provider: 'afterpay',
  minCents: 3_500,
  maxCents: 200_000,
};
const DEFAULT_STORE_COUNTRY = 'US';
const NOT_AN_OBJECT = STORE_PREFERENCE_MESSAGES.notAnObject;

export function isNamespace(name: string): name is CommerceNamespace {
  return (commerceNamespaces as string[]).includes(name);
}

/** The JSON a namespace keeps in commerce_preferences ({} when never saved). */
async function storedPreferences(
  db: Db,
  websiteId: string,
  namespace: string,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ preferences: commercePreferences.preferences })
    .from(commercePreferences)
    .where(and(eq(commercePreferences.websiteId, websiteId), eq(commercePreferences.namespace, namespace)));
  return row?.preferences ?? {};
}

export async function instalmentPreferences(db: Db, websiteId: string): Promise<InstalmentPreferences> {
  const stored = commercePreferenceSchemas.instalments
    .partial()
    .safeParse(await storedPreferences(db, websiteId, 'instalments'));
  return { ...INSTALMENT_DEFAULTS, ...(stored.success ? stored.data : {}) };
}

export async function storeCountry(db: Db, websiteId: string): Promise<string> {
  const stored = await storedPreferences(db, websiteId, 'store');
  return typeof stored.storeCountry === 'string' ? stored.storeCountry : DEFAULT_STORE_COUNTRY;
}

/**
 * The `store` namespace. currency and the storeSettings flags are read from the website row
 * (fresh, not the request's briefly cached copy): it is their one home, the pages read them there.
 */
async function storePreferences(db: Db, websiteId: string): Promise<StorePreferences> {
  const [site] = await db
    .select({ currency: websites.currency, storeSettings: websites.storeSettings })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!site) throw new Rejection('PREFERENCES_SITE_GONE');
  const s = site.storeSettings;
  return {
    currency: site.currency as CurrencyCode,
    minimumOrderSubtotalCents: s.minimumOrderSubtotalCents ?? 0,
    expressCheckout: s.expressCheckout ?? false,
    useLightCart: s.useLightCart ?? false,
    multipleQuantityAllowedForServices: s.multipleQuantityAllowedForServices ?? true,
    enableNativeReviews: s.merchandisingSettings?.enableNativeReviews ?? false,
    enableImportedReviews: s.merchandisingSettings?.enableImportedReviews ?? false,
    storeCountry: await storeCountry(db, websiteId),
  };
}

/** GET /api/v1/commerce-preferences/:namespace: built field by field, so websiteId is never in it. */
export async function getPreferences(
  db: Db,
  websiteId: string,
  namespace: string,
): Promise<Outcome<StorePreferences | InstalmentPreferences>> {
  if (!isNamespace(namespace)) return { ok: false, reason: 'PREFERENCES_UNKNOWN' };
  return asOutcome<StorePreferences | InstalmentPreferences>(() =>
    namespace === 'store' ? storePreferences(db, websiteId) : instalmentPreferences(db, websiteId),
  );
}

async function saveStored(
  db: Db,
  websiteId: string,
  namespace: string,
  preferences: Record<string, unknown>,
) {
  await db
    .insert(commercePreferences)
    .values({ websiteId, namespace, preferences })
    .onConflictDoUpdate({
      target: [commercePreferences.websiteId, commercePreferences.namespace],
      set: { preferences, updatedAt: new Date() },
    });
  // Pages show these (instalment pill, store country): every process drops the site's cached
  // pages at commit, as the websites trigger does for the row's own settings.
  await db.execute(sql`select pg_notify('site_changed', ${websiteId})`);
}

/** A partial change checked by its namespace's schema: 400 with the first message per field. */
function checkedChange<T extends z.ZodType>(schema: T, fields: unknown): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const errors = fieldErrors(parsed.error);
  const first = Object.entries(errors)[0];
  throw new Rejection('PREFERENCES_INVALID', undefined, first ? `${first[0]}: ${first[1]}` : undefined, {
    errors,
  });
}

/**
 * PUT /api/v1/commerce-preferences/:namespace: any subset of the namespace's fields, checked by
 * its schema (400 with per-field errors), merged over what is saved, stored in one transaction
 * and answered as saved. An unknown namespace is 404 before the body is looked at.
 */
export async function putPreferences(
  db: Database,
  websiteId: string,
  namespace: string,
  body: unknown,
): Promise<Outcome<StorePreferences | InstalmentPreferences>> {
  if (!isNamespace(namespace)) return { ok: false, reason: 'PREFERENCES_UNKNOWN' };
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, reason: 'PREFERENCES_NOT_AN_OBJECT', details: { errors: { _: NOT_AN_OBJECT } } };
  // websiteId is never the client's to set (it is stripped from answers, ignored in requests).
  const { websiteId: _ignored, ...fields } = body as Record<string, unknown>;
  return asOutcome(() =>
    db.transaction(async (tx) => {
      if (namespace === 'instalments') {
        const change = checkedChange(commercePreferenceSchemas.instalments.partial(), fields);
        const next = { ...(await instalmentPreferences(tx, websiteId)), ...change };
        if (next.maxCents <= next.minCents)
          // The message names its field, as the schema's own messages do.
          throw new Rejection(
            'INSTALMENT_RANGE_EMPTY',
            undefined,
            `maxCents: ${STORE_SETTINGS_MESSAGES.maxAboveMin}`,
            {
              errors: { maxCents: STORE_SETTINGS_MESSAGES.maxAboveMin },
            },
          );
        await saveStored(tx, websiteId, 'instalments', next);
        return next;
      }
      const change = checkedChange(commercePreferenceSchemas.store.partial(), fields);
      // Locked first: two owners saving different flags at once must not undo each other.
      const [row] = await tx
        .select({ storeSettings: websites.storeSettings })
        .from(websites)
        .where(eq(websites.id, websiteId))
        .for('update');
      const current = row?.storeSettings;
      const next = { ...(await storePreferences(tx, websiteId)), ...change };
      // The row's own columns: its trigger announces site_changed, so cached pages follow.
      await tx
        .update(websites)
        .set({
          currency: next.currency,
          storeSettings: {
            ...current,
            minimumOrderSubtotalCents: next.minimumOrderSubtotalCents,
            expressCheckout: next.expressCheckout,
            useLightCart: next.useLightCart,
            multipleQuantityAllowedForServices: next.multipleQuantityAllowedForServices,
            merchandisingSettings: {
              ...current?.merchandisingSettings,
              enableNativeReviews: next.enableNativeReviews,
              enableImportedReviews: next.enableImportedReviews,
            },
          },
        })
        .where(eq(websites.id, websiteId));
      if ('storeCountry' in change)
        await saveStored(tx, websiteId, 'store', { storeCountry: next.storeCountry });
      return next;
    }),
  );
}
