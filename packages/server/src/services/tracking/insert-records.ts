import type { Database } from '../../db/client';
import { performanceRecords, trackingEvents } from '../../db/schema/tracking';
import type {
  PerformanceRecord,
  ReplayRecord,
  TrackingEventRecord,
  TrackingRecord,
} from '../../queue/tracking-queue';
import { insertReplayBatches } from '../session-replay/replay-store';

/** Rows per INSERT statement: well under PostgreSQL's 65 535 bind parameters. */
const CHUNK = 1_000;

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

/** SQLSTATE class 22 (data exception): this row can never be stored, retrying will not help. */
function isDataError(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && e.code.startsWith('22')) return true;
    e = e.cause as typeof e;
  }
  return false;
}

export interface InserterOptions {
  /** Told about a record dropped because the database refuses its data (never its content). */
  onDropped?: (record: TrackingRecord, error: unknown) => void;
}

/**
 * The queue's sink: batch-insert records; a record inserted before (queue redelivery)
 * is skipped by its primary key, as is a second performance report for the same page load.
 * A batch the database refuses for its data is split in halves until the one bad record
 * is found and dropped, so one poisoned beacon cannot stall the queue; any other failure
 * (database down) is thrown so the queue retries the whole batch.
 */
export function recordInserter(db: Database, options: InserterOptions = {}) {
  async function insertEvents(rows: TrackingEventRecord[]) {
    await db
      .insert(trackingEvents)
      .values(
        rows.map(({ table: _t, ...r }) => ({
          ...r,
          occurredAt: date(r.occurredAt),
          receivedAt: new Date(r.receivedAt),
        })),
      )
      .onConflictDoNothing();
  }
  async function insertPerformance(rows: PerformanceRecord[]) {
    await db
      .insert(performanceRecords)
      .values(
        rows.map(({ table: _t, ...r }) => ({
          ...r,
          occurredAt: date(r.occurredAt),
          receivedAt: new Date(r.receivedAt),
        })),
      )
      .onConflictDoNothing();
  }
  async function insertIsolating<T extends TrackingRecord>(rows: T[], insert: (rows: T[]) => Promise<void>) {
    try {
      await insert(rows);
    } catch (error) {
      if (!isDataError(error)) throw error;
      const [only] = rows;
      if (rows.length === 1 && only) {
        options.onDropped?.(only, error);
        return;
      }
      const mid = Math.ceil(rows.length / 2);
      await insertIsolating(rows.slice(0, mid), insert);
      await insertIsolating(rows.slice(mid), insert);
    }
  }
  return async function insertTrackingRecords(records: TrackingRecord[]): Promise<void> {
    const events: TrackingEventRecord[] = [];
    const perf: PerformanceRecord[] = [];
    const replay: ReplayRecord[] = [];
    for (const r of records) {
      if (r.table === 'events') events.push(r);
      else if (r.table === 'replay') replay.push(r);
      else perf.push(r);
    }
    for (let i = 0; i < events.length; i += CHUNK)
      await insertIsolating(events.slice(i, i + CHUNK), insertEvents);
    for (let i = 0; i < perf.length; i += CHUNK)
      await insertIsolating(perf.slice(i, i + CHUNK), insertPerformance);
    // Session replay batches are large: a few per statement.
    for (let i = 0; i < replay.length; i += 20)
      await insertIsolating(replay.slice(i, i + 20), (rows) => insertReplayBatches(db, rows));
  };
}
