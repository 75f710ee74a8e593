import type { Database } from '../db/client';
import type { CollectionRow } from '../services/catalog.service';
import type { SiteRecord } from '../services/site.service';
import { searchSite, snippetHtml } from '../services/site-search';
import { CollectionType } from './page-types';
import { collectionUrl, itemUrl } from '../services/serialize-catalog';

/** Words of a search as a prefix tsquery ("classic te" → "classic:* & te:*"); null when none. */
export function toPrefixTsQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

export const SEARCH_LIMIT = 50;

export interface SearchResult {
  /** A page (its collection id) or an item (its id): what the title is translated by. */
  kind: 'page' | 'item';
  id: string;
  /** The page itself, or the item's collection (what member areas lock). */
  collectionId: string;
  title: string;
  fullUrl: string;
  excerpt: string;
  /** The found words in context, as safe HTML with <mark> around them ('' when none). */
  snippet: string;
}

/**
 * The search page's results, in public collections only: pages whose published text or title
 * matches, and items (products, posts) whose title, summary or description does, ranked
 * together (full-text search with prefix matching in the site language's configuration).
 */
export async function siteSearchResults(
  db: Database,
  site: SiteRecord,
  collections: CollectionRow[],
  query: string,
): Promise<SearchResult[]> {
  const tsQuery = toPrefixTsQuery(query);
  if (!tsQuery) return [];
  const visible = collections.filter((c) => c.enabled && c.password === null);
  const pages = visible.filter((c) => c.type === CollectionType.page);
  const lists = visible.filter((c) => c.type !== CollectionType.page);
  const byId = new Map(visible.map((c) => [c.id, c]));
  const hits = await searchSite(
    db,
    site,
    { pageIds: pages.map((c) => c.id), listIds: lists.map((c) => c.id) },
    tsQuery,
    SEARCH_LIMIT,
  );
  const results: SearchResult[] = [];
  for (const hit of hits) {
    const c = byId.get(hit.collectionId);
    if (!c) continue;
    const page = hit.kind === 'page';
    results.push({
      kind: hit.kind,
      id: hit.id,
      collectionId: hit.collectionId,
      title: page ? c.title : hit.title,
      fullUrl: page ? collectionUrl(c) : itemUrl(c, hit),
      excerpt: page ? (c.description ?? '') : hit.excerpt,
      snippet: snippetHtml(hit.snippet),
    });
  }
  return results;
}
