import { lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { performanceRecords, trackingEvents } from '../../db/schema/tracking';

/** Default retention of raw tracking rows: 13 months, enough for year-over-year charts. */
export const TRACKING_RETENTION_DAYS = 396;

/**
 * The retention job of the storage plan (README.md "Tracking"): delete raw rows that
 * arrived before `before`. The BRIN index on received_at makes this a range scan of old
 * blocks only. Run it daily (cron, or a scheduler calling this); returns rows removed.
 */
export async function pruneTracking(
  db: Database,
  before = new Date(Date.now() - TRACKING_RETENTION_DAYS * 86_400_000),
): Promise<{ events: number; performance: number }> {
  const events = await db
    .delete(trackingEvents)
    .where(lt(trackingEvents.receivedAt, before))
    .returning({ id: trackingEvents.id });
  const performance = await db
    .delete(performanceRecords)
    .where(lt(performanceRecords.receivedAt, before))
    .returning({ id: performanceRecords.id });
  return { events: events.length, performance: performance.length };
}
