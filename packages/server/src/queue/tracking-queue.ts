/**
 * A tracking record as it travels through the queue: plain JSON (times in epoch ms) so
 * the same value goes through memory or over NATS unchanged.
 */
export interface TrackingEventRecord {
  table: 'events';
  id: string;
  websiteId: string;
  /** Where the record came from; 'derived' records are written by the server from another beacon. */
  kind: 'census' | 'event' | 'clanker' | 'js_error' | 'derived';
  name: string;
  visitorId: string | null;
  visitNumber: number | null;
  pagePath: string | null;
  pageType: number | null;
  itemId: string | null;
  occurredAt: number | null;
  receivedAt: number;
  data: Record<string, unknown>;
}

export interface PerformanceRecord {
  table: 'performance';
  id: string;
  websiteId: string;
  pageLoadId: string;
  event: string;
  app: string;
  pagePath: string | null;
  pageType: number | null;
  fcpMs: number | null;
  lcpMs: number | null;
  fidMs: number | null;
  inpMs: number | null;
  cls: number | null;
  occurredAt: number | null;
  receivedAt: number;
  data: Record<string, unknown>;
}

/** One batch of a visit's recorded session (services/session-replay). */
export interface ReplayRecord {
  table: 'replay';
  id: string;
  websiteId: string;
  recordingId: string;
  pageLoadId: string;
  seq: number;
  visitorId: string | null;
  visitNumber: number | null;
  pagePath: string | null;
  device: string | null;
  eventCount: number;
  firstAt: number;
  lastAt: number;
  receivedAt: number;
  events: Record<string, unknown>[];
}

export type TrackingRecord = TrackingEventRecord | PerformanceRecord | ReplayRecord;

/** Writes a batch to the database; must be idempotent (records may be delivered twice). */
export type RecordSink = (records: TrackingRecord[]) => Promise<void>;

/**
 * Decouples beacon handlers from the database: a handler enqueues and answers, a
 * consumer batch-inserts. `enqueue` resolves once the queue has accepted the records —
 * for JetStream that means stored by the server; for the in-process queue it only means
 * held in this process's memory (README.md "Tracking" says exactly what is at risk).
 */
export interface TrackingQueue {
  readonly kind: 'memory' | 'jetstream';
  enqueue(records: TrackingRecord[]): Promise<void>;
  /** Records this process holds that are not yet in the database (the metrics' queue depth). */
  waiting(): number;
  /** Resolves when everything accepted so far has reached the sink (tests, benchmark). */
  drain(timeoutMs?: number): Promise<void>;
  /** Stop consuming; the in-process queue first writes what it holds. */
  close(): Promise<void>;
}

/** Thrown by `enqueue` when the queue refuses more work (mapped to 503). */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}
