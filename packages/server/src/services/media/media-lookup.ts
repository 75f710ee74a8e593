import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaAssets } from '../../db/schema/index';

/** Does the site's media library hold the file with this content hash? */
export async function inMediaLibrary(db: Database, websiteId: string, hash: string): Promise<boolean> {
  const rows = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.websiteId, websiteId), eq(mediaAssets.hash, hash)))
    .limit(1);
  return rows.length > 0;
}
