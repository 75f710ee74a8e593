import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { collections, forms, headerFooters, items, navigations, translations } from '../../db/schema/index';
import type { NavigationItem } from '../../db/schema/site';
import { defaultLocalizedStrings, defaultThemeStrings, themeStringLabel } from './localized-strings';
import { RecordType } from '@store/commerce';
import { cleanHtml } from '../html/clean-html';
import { notifySiteChanged } from '../studio/site-changed';
import { publishedBlockTexts } from './block-texts';
import { formTexts, siteFrameTexts } from './site-texts';

export type SubjectType = 'page' | 'block' | 'navigation' | 'product' | 'site' | 'form' | 'string';

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
 * navigation entries, the header's tagline and the footer, page blocks, forms, product
 * titles, summaries and descriptions, the spec §3 localized strings and the theme's words.
 */
export async function translatableTexts(db: Database, websiteId: string): Promise<TranslatableText[]> {
  const [pages, navs, products, blocks, frame, siteForms] = await Promise.all([
    db
      .select({ id: collections.id, title: collections.title })
      .from(collections)
      .where(eq(collections.websiteId, websiteId))
      .orderBy(asc(collections.title)),
    db.select({ items: navigations.items }).from(navigations).where(eq(navigations.websiteId, websiteId)),
    db
      .select({ id: items.id, title: items.title, excerpt: items.excerpt, body: items.body })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.recordType, RecordType.storeItem)))
      .orderBy(asc(items.title))
      .limit(500),
    publishedBlockTexts(db, websiteId),
    db
      .select({ header: headerFooters.header, footer: headerFooters.footer })
      .from(headerFooters)
      .where(eq(headerFooters.websiteId, websiteId)),
    db
      .select({ id: forms.id, name: forms.name, definition: forms.definition })
      .from(forms)
      .where(eq(forms.websiteId, websiteId))
      .orderBy(asc(forms.name)),
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
  const [hf] = frame;
  if (hf) out.push(...siteFrameTexts(hf.header, hf.footer));
  for (const form of siteForms) out.push(...formTexts(form));
  for (const p of products) {
    out.push({
      subjectType: 'product',
      subjectId: p.id,
      field: 'title',
      label: 'Product title',
      defaultText: p.title,
    });
    // The description is the product page's rich text (the studio's Description); the summary
    // is the short text of product lists, which products made in the studio may not have.
    out.push({
      subjectType: 'product',
      subjectId: p.id,
      field: 'description',
      label: `Description of ${p.title}`,
      defaultText: p.body || p.excerpt,
    });
    if (p.excerpt.trim() && p.body)
      out.push({
        subjectType: 'product',
        subjectId: p.id,
        field: 'summary',
        label: `Summary of ${p.title}`,
        defaultText: p.excerpt,
      });
  }
  for (const b of blocks) out.push({ subjectType: 'block', ...b });
  for (const [key, text] of Object.entries(defaultLocalizedStrings))
    out.push({ subjectType: 'string', subjectId: key, field: 'text', label: key, defaultText: text });
  for (const [key, text] of Object.entries(defaultThemeStrings))
    out.push({
      subjectType: 'string',
      subjectId: key,
      field: 'text',
      label: themeStringLabel(key),
      defaultText: text,
    });
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

/**
 * Texts held as HTML: a text block's rich text, a product's description and a form's
 * messages after a submission or beside its button. Their translations are cleaned by the
 * same policy as the owner's own HTML.
 */
export function isRichText(e: { subjectType: string; field: string }): boolean {
  return (
    (e.subjectType === 'block' && e.field === 'html') ||
    (e.subjectType === 'product' && e.field === 'description') ||
    (e.subjectType === 'form' &&
      (e.field === 'parsedSubmissionMessage' || e.field === 'parsedDisclaimerMessage'))
  );
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
      const value = isRichText(e)
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
