import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items } from '../db/schema/index';

/** Spec §9: a tag is at most 50 characters. */
export const MAX_TAG_LENGTH = 50;
/** Tags a tag cloud can show, most used first. */
const MAX_TAGS = 100;

export interface CollectionFacets {
  /** Tags with the number of items carrying each, most used first, then by name. */
  tags: { name: string; count: number }[];
  /** Months (`YYYY-MM`, UTC) with the number of items published in each, newest first. */
  months: { month: string; count: number }[];
}

/**
 * What a tag cloud and an archive of a collection list: its items' tags and publication
 * months with their counts. Reads two small columns of the collection's items.
 */
export async function collectionFacets(
  db: Database,
  websiteId: string,
  collectionId: string,
): Promise<CollectionFacets> {
  const rows = await db
    .select({ tags: items.tags, publishOn: items.publishOn })
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId)));
  const tags = new Map<string, number>();
  const months = new Map<string, number>();
  for (const row of rows) {
    for (const tag of new Set(row.tags))
      if (typeof tag === 'string' && tag) tags.set(tag, (tags.get(tag) ?? 0) + 1);
    const month = row.publishOn.toISOString().slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + 1);
  }
  return {
    tags: [...tags]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
      .slice(0, MAX_TAGS),
    months: [...months]
      .map(([month, count]) => ({ month, count }))
      .sort((a, b) => (a.month < b.month ? 1 : -1)),
  };
}

/** `?month=YYYY-MM` as the half-open UTC range it names, or null when malformed. */
export function monthRange(raw: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(raw);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return { from: new Date(Date.UTC(year, month - 1, 1)), to: new Date(Date.UTC(year, month, 1)) };
}
