import type { SessionSummary } from '@store/api';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessionReplayBatches, sessionReplaySettings } from '../../db/schema/session-replay';
import type { ReplayRecord } from '../../queue/tracking-queue';
import { TRACKING_RETENTION_DAYS } from '../tracking/retention';

/** The tracking queue's sink for replay batches; a redelivered batch inserts nothing. */
export async function insertReplayBatches(db: Database, rows: ReplayRecord[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(sessionReplayBatches)
    .values(
      rows.map(({ table: _t, ...r }) => ({
        ...r,
        firstAt: new Date(r.firstAt),
        lastAt: new Date(r.lastAt),
        receivedAt: new Date(r.receivedAt),
      })),
    )
    .onConflictDoNothing();
}

/** Whether the owner turned session recording on (off by default). */
export async function replayEnabled(db: Database, websiteId: string): Promise<boolean> {
  const [row] = await db
    .select({ enabled: sessionReplaySettings.enabled })
    .from(sessionReplaySettings)
    .where(eq(sessionReplaySettings.websiteId, websiteId));
  return row?.enabled ?? false;
}

export async function setReplayEnabled(db: Database, websiteId: string, enabled: boolean): Promise<boolean> {
  await db
    .insert(sessionReplaySettings)
    .values({ websiteId, enabled })
    .onConflictDoUpdate({ target: sessionReplaySettings.websiteId, set: { enabled, updatedAt: new Date() } });
  return enabled;
}

const DEVICES = new Set(['mobile', 'tablet', 'desktop']);

/** The site's recorded sessions, newest first: times, pages and device (nothing personal). */
export async function listSessions(db: Database, websiteId: string, limit = 50): Promise<SessionSummary[]> {
  const t = sessionReplayBatches;
  const rows = await db
    .select({
      recordingId: t.recordingId,
      startedAt: sql<string>`min(${t.firstAt})`.mapWith((v) => new Date(v)),
      endedAt: sql<string>`max(${t.lastAt})`.mapWith((v) => new Date(v)),
      device: sql<string | null>`max(${t.device})`,
      events: sql<number>`sum(${t.eventCount})`.mapWith(Number),
    })
    .from(t)
    .where(eq(t.websiteId, websiteId))
    .groupBy(t.recordingId)
    .orderBy(desc(sql`min(${t.firstAt})`))
    .limit(limit);
  if (rows.length === 0) return [];
  const pages = await db
    .select({ recordingId: t.recordingId, path: t.pagePath, at: sql<string>`min(${t.firstAt})` })
    .from(t)
    .where(
      and(
        eq(t.websiteId, websiteId),
        sql`${t.recordingId} in (${sql.join(
          rows.map((r) => sql`${r.recordingId}`),
          sql`, `,
        )})`,
      ),
    )
    .groupBy(t.recordingId, t.pageLoadId, t.pagePath)
    .orderBy(sql`min(${t.firstAt})`);
  return rows.map((r) => {
    const start = new Date(r.startedAt);
    const end = new Date(r.endedAt);
    const paths = pages.filter((p) => p.recordingId === r.recordingId).map((p) => p.path ?? '/');
    return {
      recordingId: r.recordingId,
      startedAt: start.toISOString(),
      endedAt: end.toISOString(),
      durationMs: Math.max(0, end.getTime() - start.getTime()),
      pages: paths.length,
      paths: [...new Set(paths)],
      device: r.device && DEVICES.has(r.device) ? (r.device as SessionSummary['device']) : null,
      country: null,
      events: r.events,
    };
  });
}

/** One session's events in time order, or null when this site has no such session. */
export async function sessionEvents(
  db: Database,
  websiteId: string,
  recordingId: string,
): Promise<Record<string, unknown>[] | null> {
  const t = sessionReplayBatches;
  const rows = await db
    .select({ events: t.events })
    .from(t)
    .where(and(eq(t.websiteId, websiteId), eq(t.recordingId, recordingId)))
    .orderBy(asc(t.firstAt), asc(t.pageLoadId), asc(t.seq));
  if (rows.length === 0) return null;
  const events = rows.flatMap((r) => r.events);
  // Batches of two pages may interleave by a few ms: the player needs one time order.
  return events.sort((a, b) => Number(a.timestamp) - Number(b.timestamp));
}

/**
 * Retention: recordings follow the tracking data's (TRACKING_RETENTION_DAYS); batches that
 * arrived before `before` are deleted by the daily scheduled job. Returns batches removed.
 */
export async function pruneSessionReplays(
  db: Database,
  before = new Date(Date.now() - TRACKING_RETENTION_DAYS * 86_400_000),
): Promise<{ batches: number }> {
  const gone = await db
    .delete(sessionReplayBatches)
    .where(lt(sessionReplayBatches.receivedAt, before))
    .returning({ id: sessionReplayBatches.id });
  return { batches: gone.length };
}
