import type { Database } from '../db/client';
import { CollectionType } from '../pages/page-types';
import { collectionUrl, itemUrl } from '../services/serialize-catalog';
import { languageVersionUrl } from './seo-head';
import { listCollections, listItems } from '../services/catalog.service';
import { lockedRefs } from '../services/members/content-gates';

export interface SitemapEntry {
  path: string;
  lastModified: Date | null;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every public URL of a site: enabled collections without a password (pages, the store, the
 * blog), every post published by now and every product. Locked pages stay out: a search
 * engine would only find the lock screen. So does what a member area locks (its pages, its
 * collections' items, single items): a crawler is never a member (docs/members.md).
 */
export async function sitemapEntries(
  db: Database,
  websiteId: string,
  now = new Date(),
): Promise<SitemapEntry[]> {
  const collections = (await listCollections(db, websiteId)).filter((c) => c.enabled && c.password === null);
  const locked = await lockedRefs(db, websiteId);
  const entries: SitemapEntry[] = [];
  for (const collection of collections) {
    if (collection.type === CollectionType.page && locked.collections.has(collection.id)) continue;
    entries.push({ path: collectionUrl(collection), lastModified: null });
    if (collection.type === CollectionType.page || locked.collections.has(collection.id)) continue;
    for (const item of await listItems(db, websiteId, collection.id)) {
      if (item.publishOn > now || locked.items.has(item.id)) continue;
      entries.push({ path: itemUrl(collection, item), lastModified: item.publishOn });
    }
  }
  return entries;
}

/** The languages a site offers: the default one (at the plain address) first. */
export interface SitemapLanguages {
  readonly defaultLanguage: string;
  readonly others: readonly string[];
}

/**
 * The sitemaps.org XML for `entries`, with absolute URLs under `origin`. A site with more
 * than one language lists every language version of each page (`?lang=` for all but the
 * default), each with all versions as `xhtml:link` hreflang alternates plus x-default, as
 * the pages' own `<head>` does, so a translation is indexed as such.
 */
export function sitemapXml(origin: string, entries: SitemapEntry[], languages?: SitemapLanguages): string {
  const multilingual = languages !== undefined && languages.others.length > 0;
  const urls: string[] = [];
  for (const e of entries) {
    const lastmod = e.lastModified ? `<lastmod>${e.lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    const plain = origin + e.path;
    if (!multilingual) {
      urls.push(`<url><loc>${xml(plain)}</loc>${lastmod}</url>`);
      continue;
    }
    const versions: [string, string][] = [
      [languages.defaultLanguage, plain],
      ...languages.others.map((l): [string, string] => [l, languageVersionUrl(plain, l, false)]),
    ];
    const links = [...versions, ['x-default', plain] as [string, string]]
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${xml(lang)}" href="${xml(href)}"/>`)
      .join('');
    for (const [, href] of versions) urls.push(`<url><loc>${xml(href)}</loc>${lastmod}${links}</url>`);
  }
  const ns = multilingual ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${ns}>\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt: crawl the site, not the cart, checkout, account or API; point at the sitemap. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /cart',
    'Disallow: /checkout',
    'Disallow: /config',
    'Disallow: /api/',
    'Disallow: /search',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
