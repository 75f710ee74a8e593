import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { selectRows } from '../db/rows';

/**
 * Site search over what visitors read: the text of published page blocks (with the page
 * title) and items' titles, summaries and descriptions (products and posts). Each row carries
 * a tsvector in the text-search configuration of the site's language (`site_search_config`,
 * 'simple' where PostgreSQL has none), kept current by triggers on publish and save and
 * searched through GIN indexes (migration 0023). Results are ranked (title words weigh most)
 * and carry a snippet around the words found.
 */

/** Highlight markers ts_headline puts around found words: control characters no text holds. */
const START = '\u0002';
const STOP = '\u0003';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The text-search configuration for a language, asked of the database once per language
 * (the same function the indexing triggers use, so queries and documents always agree) and
 * then passed as a constant: planning a query around the function costs more than running it.
 */
const configs = new Map<string, Promise<string>>();
function searchConfig(db: Database, language: string): Promise<string> {
  let config = configs.get(language);
  if (!config) {
    config = selectRows<{ config: string }>(
      db,
      sql`select site_search_config(${language})::text as config`,
    ).then((rows) => rows[0]?.config ?? 'simple');
    config.catch(() => configs.delete(language));
    if (configs.size > 100) configs.clear();
    configs.set(language, config);
  }
  return config;
}

export interface SearchHit {
  kind: 'page' | 'item';
  /** The page's collection id, or the item's id. */
  id: string;
  collectionId: string;
  /** The item's title and slug (a page's come from its collection). */
  title: string;
  urlId: string;
  excerpt: string;
  rank: number;
  snippet: string;
}

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Pages and items whose words match, best first, `limit` in all, each with a snippet; one
 * round trip. Pages: of the given collections, live ones only (published, or scheduled and
 * due) and never members-only. Items: of the given collections (products, posts).
 */
export async function searchSite(
  db: Database,
  site: { id: string; language: string },
  scope: { pageIds: readonly string[]; listIds: readonly string[] },
  tsQuery: string,
  limit: number,
): Promise<SearchHit[]> {
  if (scope.pageIds.length === 0 && scope.listIds.length === 0) return [];
  const config = sql`${await searchConfig(db, site.language)}::regconfig`;
  const q = sql`to_tsquery(${config}, ${tsQuery})`;
  const pages = scope.pageIds.length
    ? sql`(select 'page' as kind, p.collection_id as id, p.collection_id, '' as title, '' as url_id,
          '' as excerpt, '' as lead, p.search_text as text, ts_rank_cd(p.search_document, ${q}) as rank, 0 as ord
        from page_settings p
        where p.website_id = ${site.id} and p.collection_id in (${idList(scope.pageIds)})
          and not p.members_only
          and (p.status = 'PUBLISHED' or (p.status = 'SCHEDULED' and p.publish_at <= now()))
          and p.search_document @@ ${q}
        order by rank desc limit ${limit})`
    : null;
  const items = scope.listIds.length
    ? sql`(select 'item' as kind, i.id, i.collection_id, i.title, i.url_id, i.excerpt,
          i.excerpt as lead, i.body as text, ts_rank_cd(i.search_document, ${q}) as rank,
          i.display_index as ord
        from items i
        where i.website_id = ${site.id} and i.collection_id in (${idList(scope.listIds)})
          and i.search_document @@ ${q}
        order by rank desc, i.display_index limit ${limit})`
    : null;
  const union = pages && items ? sql`${pages} union all ${items}` : (pages ?? items);
  // ts_headline is the costly part: run for the rows shown only, after the ranking. A summary
  // the description repeats (as it often opens with it) is read once.
  const rows = await selectRows<Record<string, unknown>>(
    db,
    sql`
    select kind, id, collection_id, title, url_id, excerpt, rank,
      ts_headline(${config}, case when strpos(search_plain_text(text), search_plain_text(lead)) > 0
          then search_plain_text(text) else search_plain_text(lead || ' ' || text) end,
        ${q}, ${HEADLINE_OPTIONS}) as snippet
    from (select * from (${union}) hits order by rank desc, kind desc, ord limit ${limit}) top
    order by rank desc, kind desc, ord`,
  );
  return rows.map((r) => ({
    kind: r.kind === 'page' ? 'page' : 'item',
    id: String(r.id),
    collectionId: String(r.collection_id),
    title: String(r.title ?? ''),
    urlId: String(r.url_id ?? ''),
    excerpt: String(r.excerpt ?? ''),
    rank: Number(r.rank),
    snippet: String(r.snippet ?? ''),
  }));
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * A snippet as safe HTML: the text escaped, the found words in <mark>. The text was made
 * plain by the database (tags dropped, entities decoded), so escaping it here is the only
 * markup it gets.
 */
export function snippetHtml(snippet: string): string {
  const escaped = snippet.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
  const marked = escaped.replaceAll(START, '<mark>').replaceAll(STOP, '</mark>');
  // A snippet that found nothing to highlight (the match was in the title) is left as text.
  return marked.trim();
}
