import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collections, items, navigations, translations } from '../../db/schema/index';
import type { NavigationItem } from '../../db/schema/site';
import { defaultLocalizedStrings } from '../../pages/localized-strings';
import { RecordType } from '../../pages/page-types';
import { cleanHtml } from '../html/clean-html';
import { notifySiteChanged } from '../studio/site-changed';
import { publishedBlockTexts } from './block-texts';

export type SubjectType = 'page' | 'block' | 'navigation' | 'product' | 'string';

export interface TranslatableText {
  subjectType: SubjectType;
  subjectId: string;
  field: string;
  /** What the studio shows beside the input (the text's place on the site). */
  label: string;
  defaultText: string;
}

/** `type\nid\nfield`: one translation's key in the maps below. */
export function translationKey(subjectType: string, subjectId: string, field: string): string {
  return `${subjectType}\n${subjectId}\n${field}`;
}

/** A navigation entry is known by the page it links to, else by its link (titles change). */
export function navigationSubjectId(entry: NavigationItem): string {
  return entry.collectionId ?? entry.externalLink ?? entry.title;
}

/**
 * Every text an owner can translate, with its default (site-language) text: page titles,
 * navigation entries, product titles and descriptions, and the spec §3 localized strings.
 */
export async function translatableTexts(db: Database, websiteId: string): Promise<TranslatableText[]> {
  const [pages, navs, products, blocks] = await Promise.all([
    db
      .select({ id: collections.id, title: collections.title })
      .from(collections)
      .where(eq(collections.websiteId, websiteId))
      .orderBy(asc(collections.title)),
    db.select({ items: navigations.items }).from(navigations).where(eq(navigations.websiteId, websiteId)),
    db
      .select({ id: items.id, title: items.title, excerpt: items.excerpt })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.recordType, RecordType.storeItem)))
      .orderBy(asc(items.title))
      .limit(500),
    publishedBlockTexts(db, websiteId),
  ]);
  const out: TranslatableText[] = [];
  for (const p of pages)
    out.push({
      subjectType: 'page',
      subjectId: p.id,
      field: 'title',
      label: 'Page title',
      defaultText: p.title,
    });
  const seen = new Set<string>();
  const walk = (entries: NavigationItem[]) => {
    for (const entry of entries) {
      const id = navigationSubjectId(entry);
      if (!seen.has(id)) {
        seen.add(id);
        out.push({
          subjectType: 'navigation',
          subjectId: id,
          field: 'title',
          label: 'Navigation',
          defaultText: entry.title,
        });
      }
      walk(entry.children ?? []);
    }
  };
  for (const nav of navs) walk(nav.items);
  for (const p of products) {
    out.push({
      subjectType: 'product',
      subjectId: p.id,
      field: 'title',
      label: 'Product title',
      defaultText: p.title,
    });
    out.push({
      subjectType: 'product',
      subjectId: p.id,
      field: 'description',
      label: `Description of ${p.title}`,
      defaultText: p.excerpt,
    });
  }
  for (const b of blocks) out.push({ subjectType: 'block', ...b });
  for (const [key, text] of Object.entries(defaultLocalizedStrings))
    out.push({ subjectType: 'string', subjectId: key, field: 'text', label: key, defaultText: text });
  return out;
}

/** The translations of one language, by translationKey. */
export async function translationsIn(
  db: Database,
  websiteId: string,
  language: string,
): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(translations)
    .where(and(eq(translations.websiteId, websiteId), eq(translations.language, language)));
  return new Map(rows.map((r) => [translationKey(r.subjectType, r.subjectId, r.field), r.value]));
}

/** How many translations each language has. */
export async function translationCounts(db: Database, websiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ language: translations.language, n: sql<number>`count(*)::int` })
    .from(translations)
    .where(eq(translations.websiteId, websiteId))
    .groupBy(translations.language);
  return new Map(rows.map((r) => [r.language, Number(r.n)]));
}

/** Upsert the non-empty values, remove the empty ones; pages are re-rendered everywhere. */
/**
 * A theme string ("Sale", "Quick View", "from {fromPrice}") is plain text, but the theme's
 * formatters print some of them as they are, inside markup: a translation keeps no angle
 * brackets, so none can open a tag.
 */
export function plainThemeString(text: string): string {
  return text.replace(/[<>]/g, '');
}

export async function saveTranslations(
  db: Database,
  websiteId: string,
  language: string,
  entries: readonly { subjectType: SubjectType; subjectId: string; field: string; value: string }[],
): Promise<{ saved: number; removed: number }> {
  let saved = 0;
  let removed = 0;
  await db.transaction(async (tx) => {
    for (const e of entries) {
      const key = and(
        eq(translations.websiteId, websiteId),
        eq(translations.language, language),
        eq(translations.subjectType, e.subjectType),
        eq(translations.subjectId, e.subjectId),
        eq(translations.field, e.field),
      );
      // A text block's translated rich text is HTML, held to the same policy as the block's own.
      const trimmed = e.value.trim();
      const value =
        e.subjectType === 'block' && e.field === 'html'
          ? cleanHtml(trimmed, 'rich').trim()
          : e.subjectType === 'string'
            ? plainThemeString(trimmed).trim()
            : trimmed;
      if (!value) {
        removed += (await tx.delete(translations).where(key).returning({ f: translations.field })).length;
        continue;
      }
      await tx
        .insert(translations)
        .values({ websiteId, language, ...e, value })
        .onConflictDoUpdate({
          target: [
            translations.websiteId,
            translations.language,
            translations.subjectType,
            translations.subjectId,
            translations.field,
          ],
          set: { value, updatedAt: new Date() },
        });
      saved++;
    }
    await notifySiteChanged(tx, websiteId);
  });
  return { saved, removed };
}
