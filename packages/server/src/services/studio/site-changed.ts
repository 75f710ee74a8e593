import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/** The channel the page cache (#18) listens on; the payload is the website id. */
export const SITE_CHANGED_CHANNEL = 'site_changed';

/**
 * Announce inside the writing transaction that a site's pages changed (publish,
 * navigation, header/footer, page settings). PostgreSQL delivers NOTIFY only on commit,
 * so listeners never see a change that rolled back; every process drops what is stale.
 */
export async function notifySiteChanged(tx: Tx, websiteId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SITE_CHANGED_CHANNEL}, ${websiteId})`);
}
