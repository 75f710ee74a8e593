import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { websites } from '../../db/schema/index';

/**
 * When the site was first published, read fresh (the request's site record may be a moment
 * old); null while visitors still get the "coming soon" page.
 */
export async function siteLaunchedAt(db: Database | Tx, websiteId: string): Promise<Date | null> {
  const [row] = await db
    .select({ launchedAt: websites.launchedAt })
    .from(websites)
    .where(eq(websites.id, websiteId));
  return row?.launchedAt ?? null;
}

/**
 * Publish the site: from now on visitors get its pages instead of "coming soon". Only the
 * first publish is recorded; the websites trigger announces the change to every process.
 */
export async function launchSite(db: Database | Tx, websiteId: string): Promise<Date | null> {
  await db
    .update(websites)
    .set({ launchedAt: new Date() })
    .where(and(eq(websites.id, websiteId), isNull(websites.launchedAt)));
  return siteLaunchedAt(db, websiteId);
}
