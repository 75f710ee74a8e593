import type { Block } from './layout';

/** A collection's tags and publication months with counts (the server reads them). */
export interface FacetData {
  collection: { title?: unknown; fullUrl?: unknown };
  tags: { name: string; count: number }[];
  months: { month: string; count: number }[];
}

/** Size steps of a tag cloud: 1 (least used) to 5 (most used). */
const STEPS = 5;

const withQuery = (base: string, key: string, value: string) =>
  `${base}${base.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`;

/**
 * What the tag cloud and archive templates list: links into the collection filtered by tag
 * or by month (`?tag=`, `?month=YYYY-MM`), with counts, sizes and month names in the page's
 * language. An archive grouped by year shows each year with its total and its months.
 */
export function facetProps(
  block: Block,
  facets: FacetData | undefined,
  locale: string,
): Record<string, unknown> {
  if (!facets) return { collection: null, tags: [], periods: [] };
  const base = typeof facets.collection.fullUrl === 'string' ? facets.collection.fullUrl : '/';
  if (block.type === 'tagcloud') {
    const limit = Number(block.props.limit) || 30;
    const shown = facets.tags.slice(0, limit);
    const max = Math.max(1, ...shown.map((t) => t.count));
    const min = Math.min(max, ...shown.map((t) => t.count));
    const step = (count: number) =>
      max === min ? 3 : 1 + Math.round(((count - min) / (max - min)) * (STEPS - 1));
    return {
      collection: facets.collection,
      // Alphabetical, as tag clouds read; the size says how often.
      tags: [...shown]
        .sort((a, b) => a.name.localeCompare(b.name, locale))
        .map((t) => ({ ...t, size: step(t.count), url: withQuery(base, 'tag', t.name) })),
    };
  }
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const label = (month: string) => monthName.format(new Date(`${month}-01T00:00:00Z`));
  if (block.props.groupBy === 'year') {
    const years = new Map<string, { count: number; months: { month: string; count: number }[] }>();
    for (const m of facets.months) {
      const year = m.month.slice(0, 4);
      const entry = years.get(year) ?? { count: 0, months: [] };
      entry.count += m.count;
      entry.months.push(m);
      years.set(year, entry);
    }
    return {
      collection: facets.collection,
      periods: [...years].map(([year, entry]) => ({
        label: year,
        count: entry.count,
        url: null,
        months: entry.months.map((m) => ({
          ...m,
          label: label(m.month),
          url: withQuery(base, 'month', m.month),
        })),
      })),
    };
  }
  return {
    collection: facets.collection,
    periods: facets.months.map((m) => ({
      label: label(m.month),
      count: m.count,
      url: withQuery(base, 'month', m.month),
      months: [],
    })),
  };
}
