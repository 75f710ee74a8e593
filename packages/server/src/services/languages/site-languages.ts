import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteLanguages, translations } from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import { notifySiteChanged } from '../studio/site-changed';

export interface SiteLanguage {
  language: string;
  isDefault: boolean;
  enabled: boolean;
  displayIndex: number;
}

/**
 * The site's languages in display order. A site that never added one is offered in its own
 * language only (websites.language), which is then the default.
 */
export async function listSiteLanguages(
  db: Database,
  site: { id: string; language: string },
): Promise<SiteLanguage[]> {
  const rows = await db
    .select({
      language: siteLanguages.language,
      isDefault: siteLanguages.isDefault,
      enabled: siteLanguages.enabled,
      displayIndex: siteLanguages.displayIndex,
    })
    .from(siteLanguages)
    .where(eq(siteLanguages.websiteId, site.id))
    .orderBy(asc(siteLanguages.displayIndex), asc(siteLanguages.language));
  return rows.length ? rows : [{ language: site.language, isDefault: true, enabled: true, displayIndex: 0 }];
}

export function defaultLanguageOf(languages: readonly SiteLanguage[], fallback: string): string {
  return languages.find((l) => l.isDefault)?.language ?? fallback;
}

/**
 * Replace the site's languages. Tags are stored canonical (`fr-fr` → `fr-FR`); a repeated tag,
 * no default, two defaults or a disabled default are refused. Translations of languages no
 * longer listed are removed with them.
 */
export async function replaceSiteLanguages(
  db: Database,
  websiteId: string,
  input: readonly { language: string; isDefault: boolean; enabled: boolean }[],
): Promise<Outcome<void>> {
  const wanted = input.map((l, i) => ({
    ...l,
    language: Intl.getCanonicalLocales(l.language)[0] ?? l.language,
    displayIndex: i,
  }));
  const seen = new Set<string>();
  for (const l of wanted) {
    if (seen.has(l.language.toLowerCase()))
      return { ok: false, reason: 'LANGUAGE_REPEATED', values: { language: l.language } };
    seen.add(l.language.toLowerCase());
  }
  const defaults = wanted.filter((l) => l.isDefault);
  if (defaults.length !== 1) return { ok: false, reason: 'DEFAULT_LANGUAGE_COUNT' };
  if (!defaults[0]?.enabled) return { ok: false, reason: 'DEFAULT_LANGUAGE_OFF' };
  const tags = wanted.map((l) => l.language);
  await db.transaction(async (tx) => {
    await tx.delete(siteLanguages).where(eq(siteLanguages.websiteId, websiteId));
    await tx.insert(siteLanguages).values(wanted.map((l) => ({ websiteId, ...l })));
    await tx
      .delete(translations)
      .where(and(eq(translations.websiteId, websiteId), notInArray(translations.language, tags)));
    await notifySiteChanged(tx, websiteId);
  });
  return { ok: true, value: undefined };
}

/** Multilingual off: every language row and every translation of the site goes. */
export async function disconnectMultilingual(db: Database, websiteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(translations).where(eq(translations.websiteId, websiteId));
    await tx.delete(siteLanguages).where(eq(siteLanguages.websiteId, websiteId));
    await notifySiteChanged(tx, websiteId);
  });
}

/**
 * The enabled language a visitor asked for: an exact tag (any case), else one with the same
 * primary language (`fr` → `fr-FR`); null when the site does not offer it.
 */
export function matchLanguage(
  languages: readonly SiteLanguage[],
  requested: string | undefined,
): string | null {
  if (!requested || requested.length > 35) return null;
  const enabled = languages.filter((l) => l.enabled);
  const want = requested.toLowerCase().replace(/_/g, '-');
  const exact = enabled.find((l) => l.language.toLowerCase() === want);
  if (exact) return exact.language;
  const primary = want.split('-')[0];
  return enabled.find((l) => l.language.toLowerCase().split('-')[0] === primary)?.language ?? null;
}
