import type { Layout } from '@store/blocks';
import type { Database } from '../../db/client';
import { type SiteLanguage, defaultLanguageOf, listSiteLanguages, matchLanguage } from './site-languages';
import { translateLayout } from './block-texts';
import { type Lookup, translateForm, translateSiteFrame } from './site-texts';
import { plainThemeString, translationKey, translationsIn } from './translations';

/** The visitor's chosen language (set by `?lang=` on a page or the locale call). */
export const LANGUAGE_COOKIE = 'SiteLanguage';

/** The language cookie's options: the whole site, a year, readable by scripts (not secret). */
export function languageCookie(request: { protocol: string }) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    maxAge: 365 * 24 * 3600,
    secure: request.protocol === 'https',
  };
}

/**
 * What localizing reads and rewrites in a page context (pages/page-context.ts builds the
 * whole; it fits this shape, so the service does not depend on the page layer).
 */
export interface LocalizablePage {
  website: Record<string, unknown>;
  item?: Record<string, unknown>;
  items?: Record<string, unknown>[];
  product?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface PageLanguage {
  /** The language the page is rendered in (always one the site offers). */
  language: string;
  defaultLanguage: string;
  /** Enabled languages, for the header switcher. */
  enabled: SiteLanguage[];
  /** Chosen by `?lang=` (the page then remembers it in the cookie). */
  fromQuery: boolean;
}

interface Entry {
  generation: string;
  languages: SiteLanguage[];
}

/**
 * Site languages per website, kept until the page cache's generation for the site changes
 * (every language or translation write bumps it, here and on other processes by NOTIFY):
 * the language must be known before a cached page is looked up, without a query per hit.
 */
export class SiteLanguageCache {
  private readonly entries = new Map<string, Entry>();
  constructor(private readonly generationOf: (websiteId: string) => string) {}

  async get(db: Database, site: { id: string; language: string }): Promise<SiteLanguage[]> {
    const generation = this.generationOf(site.id);
    const hit = this.entries.get(site.id);
    if (hit && hit.generation === generation) return hit.languages;
    const languages = await listSiteLanguages(db, site);
    if (this.entries.size > 1000) this.entries.clear();
    this.entries.set(site.id, { generation, languages });
    return languages;
  }
}

/** The page language: `?lang=` first, then the cookie, else the site's default language. */
export function choosePageLanguage(
  languages: SiteLanguage[],
  siteLanguage: string,
  requested: { query?: string; cookie?: string },
): PageLanguage {
  const defaultLanguage = defaultLanguageOf(languages, siteLanguage);
  const fromQuery = matchLanguage(languages, requested.query);
  const language = fromQuery ?? matchLanguage(languages, requested.cookie) ?? defaultLanguage;
  return {
    language,
    defaultLanguage,
    enabled: languages.filter((l) => l.enabled),
    fromQuery: fromQuery !== null,
  };
}

/**
 * Each language named in itself ("Français"), as visitors look for their own; by its primary
 * language unless two offered tags share it (then "English (United Kingdom)" and so on).
 */
const displayName = (tag: string, all: readonly SiteLanguage[]): string => {
  const primary = tag.split('-')[0] ?? tag;
  const shared = all.filter((l) => l.language.split('-')[0] === primary).length > 1;
  try {
    const name =
      new Intl.DisplayNames([tag], { type: 'language', languageDisplay: 'standard' }).of(
        shared ? tag : primary,
      ) ?? tag;
    return name.charAt(0).toLocaleUpperCase(tag) + name.slice(1);
  } catch {
    return tag;
  }
};

/**
 * Put the page in its language: `website.language` (the `<html lang>`), the header switcher,
 * and every translated text (page and navigation titles, product titles and descriptions,
 * localized strings). What has no translation keeps its default text.
 */
export async function localizePage(
  db: Database,
  context: LocalizablePage,
  choice: PageLanguage,
): Promise<void> {
  context.website.language = choice.language;
  if (choice.enabled.length > 1) {
    const options = choice.enabled.map((l) => ({
      language: l.language,
      name: displayName(l.language, choice.enabled),
      current: l.language === choice.language,
      // The version at the plain address (search engines' x-default); the others add ?lang=.
      isDefault: l.language === choice.defaultLanguage,
    }));
    context.languageSwitcher = { current: options.find((o) => o.current), options };
  }
  if (choice.language === choice.defaultLanguage) return;
  // Instalment messaging in the page's language (the provider's locale for it, e.g. fr_CA).
  const installments = context.productInstallmentContext as
    | Record<string, Record<string, unknown>>
    | undefined;
  if (installments)
    context.productInstallmentContext = Object.fromEntries(
      Object.entries(installments).map(([id, ctx]) => [
        id,
        { ...ctx, shopperLanguage: choice.language.split('-')[0] ?? choice.language },
      ]),
    );
  const websiteId = String(context.website.id);
  const t = await translationsIn(db, websiteId, choice.language);
  if (t.size === 0) return;
  const pick = (type: string, id: unknown, field: string, fallback: unknown) =>
    (typeof id === 'string' && t.get(translationKey(type, id, field))) || fallback;
  const lookup: Lookup = (type, id, field) => t.get(translationKey(type, id, field));

  const frame = translateSiteFrame(
    (context.header ?? {}) as Record<string, unknown>,
    (context.footer ?? {}) as Record<string, unknown>,
    lookup,
  );
  context.header = frame.header;
  context.footer = frame.footer;
  if (context.form) context.form = translateForm(context.form as Record<string, unknown>, lookup);
  const blockData = context.blockData as { forms?: Record<string, Record<string, unknown>> } | undefined;
  if (blockData?.forms)
    context.blockData = {
      ...blockData,
      forms: Object.fromEntries(
        Object.entries(blockData.forms).map(([id, form]) => [id, translateForm(form, lookup)]),
      ),
    };

  type NavLink = {
    title: string;
    collectionId: string | null;
    externalLink: string | null;
    children: NavLink[];
  };
  const nav = (links: NavLink[]) => {
    for (const link of links) {
      link.title = String(
        pick('navigation', link.collectionId ?? link.externalLink ?? link.title, 'title', link.title),
      );
      nav(link.children);
    }
  };
  nav((context.navigation ?? []) as NavLink[]);

  const collection = context.collection as { id?: string; title?: string } | undefined;
  if (collection?.id) {
    collection.title = String(pick('page', collection.id, 'title', collection.title));
    const page = context.page as { title?: string } | undefined;
    if (page) page.title = collection.title;
  }
  if (context.layout && collection?.id)
    context.layout = translateLayout(context.layout as Layout, collection.id, (id, field) =>
      t.get(translationKey('block', id, field)),
    );
  const product = (item: Record<string, unknown> | undefined) => {
    if (!item) return;
    item.title = pick('product', item.id, 'title', item.title);
    // An item a member area locks from this visitor shows no text: nor do its translations.
    if (item.locked) return;
    // The description is the product page's text (HTML); the summary is what lists show.
    const description = pick('product', item.id, 'description', null);
    if (description) item.body = description;
    item.excerpt = pick('product', item.id, 'summary', item.excerpt);
  };
  product(context.item);
  for (const item of context.items ?? []) product(item);
  for (const item of (context.item?.relatedProducts ?? []) as Record<string, unknown>[]) product(item);
  if (context.product)
    context.product.name = pick('product', context.product.id, 'title', context.product.name);
  // Search results: page and product titles as the page's language has them.
  for (const result of (context.searchResults ?? []) as { kind?: string; id?: string; title: unknown }[])
    result.title = pick(result.kind === 'page' ? 'page' : 'product', result.id, 'title', result.title);

  const strings: Record<string, unknown> = { ...(context.localizedStrings as Record<string, unknown>) };
  // Translations saved before theme strings were held to plain text are cleaned here too.
  for (const key of Object.keys(strings)) {
    const translated = t.get(translationKey('string', key, 'text'));
    if (translated) strings[key] = plainThemeString(translated);
  }
  context.localizedStrings = strings;
  const theme: Record<string, unknown> = { ...(context.themeStrings as Record<string, unknown>) };
  for (const key of Object.keys(theme)) {
    const translated = t.get(translationKey('string', key, 'text'));
    if (translated) theme[key] = plainThemeString(translated);
  }
  context.themeStrings = theme;
}
