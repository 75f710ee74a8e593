import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { pageSettings } from '../../db/schema/index';
import { notifySiteChanged } from '../studio/site-changed';

export interface PublishedPage {
  websiteId: string;
  collectionId: string;
}

/**
 * Pages scheduled for a time that has come become Published, and each of their websites is
 * announced on `site_changed` in the same transaction, so every process drops that site's
 * cached pages, frames and host lookups when it commits. The UPDATE's row locks make it once
 * across processes: two processes running it together publish each page once.
 */
export async function publishDuePages(db: Database): Promise<PublishedPage[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(pageSettings)
      .set({ status: 'PUBLISHED' })
      .where(and(eq(pageSettings.status, 'SCHEDULED'), lte(pageSettings.publishAt, sql`now()`)))
      .returning({ websiteId: pageSettings.websiteId, collectionId: pageSettings.collectionId });
    for (const websiteId of new Set(rows.map((row) => row.websiteId))) await notifySiteChanged(tx, websiteId);
    return rows;
  });
}

/**
 * Milliseconds until the next scheduled page of any website is due, by the database's clock
 * (every process agrees on it); ≤ 0 when one is due already, null when none is scheduled.
 */
export async function msUntilNextPublish(db: Database): Promise<number | null> {
  const [row] = await db
    .select({
      ms: sql<
        string | number | null
      >`extract(epoch from min(${pageSettings.publishAt}) - clock_timestamp())::float8 * 1000`,
    })
    .from(pageSettings)
    .where(eq(pageSettings.status, 'SCHEDULED'));
  return row?.ms === null || row?.ms === undefined ? null : Number(row.ms);
}
