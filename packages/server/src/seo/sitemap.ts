import type { Database } from '../db/client';
import { CollectionType } from '../pages/page-types';
import { collectionUrl, itemUrl } from '../pages/serialize-catalog';
import { listCollections, listItems } from '../services/catalog.service';

export interface SitemapEntry {
  path: string;
  lastModified: Date | null;
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Every public URL of a site: enabled collections without a password (pages, the store, the
 * blog), every post published by now and every product. Locked pages stay out: a search
 * engine would only find the lock screen.
 */
export async function sitemapEntries(
  db: Database,
  websiteId: string,
  now = new Date(),
): Promise<SitemapEntry[]> {
  const collections = (await listCollections(db, websiteId)).filter((c) => c.enabled && c.password === null);
  const entries: SitemapEntry[] = [];
  for (const collection of collections) {
    entries.push({ path: collectionUrl(collection), lastModified: null });
    if (collection.type === CollectionType.page) continue;
    for (const item of await listItems(db, websiteId, collection.id)) {
      if (item.publishOn > now) continue;
      entries.push({ path: itemUrl(collection, item), lastModified: item.publishOn });
    }
  }
  return entries;
}

/** The sitemaps.org XML for `entries`, with absolute URLs under `origin`. */
export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${e.lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return `<url><loc>${xml(origin + e.path)}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
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
