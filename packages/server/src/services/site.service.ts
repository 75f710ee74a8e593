import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { websites } from '../db/schema/index';

export type SiteRecord = typeof websites.$inferSelect;

/** The site serving `host`, else the default site, else null (empty database). */
export async function findSiteByHost(db: Database, host: string): Promise<SiteRecord | null> {
  if (host) {
    const [byHost] = await db
      .select()
      .from(websites)
      .where(sql`${websites.hosts} @> ${JSON.stringify([host])}::jsonb`)
      .limit(1);
    if (byHost) return byHost;
  }
  const [fallback] = await db.select().from(websites).where(eq(websites.isDefault, true)).limit(1);
  return fallback ?? null;
}

/** The site with this id, or null. */
export async function findSiteById(db: Database, websiteId: string): Promise<SiteRecord | null> {
  const [site] = await db.select().from(websites).where(eq(websites.id, websiteId));
  return site ?? null;
}
