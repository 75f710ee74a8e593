import { BatchWriter } from './batch-writer';
import { QueueFullError, type RecordSink, type TrackingQueue, type TrackingRecord } from './tracking-queue';

export interface MemoryQueueOptions {
  sink: RecordSink;
  batchSize?: number;
  flushMs?: number;
  /** Refuse new records (503) past this many unwritten ones, so a dead database cannot exhaust memory. */
  maxPending?: number;
  onError?: (error: unknown) => void;
  /** How long a request waits for its batch to commit before it is refused (503). */
  commitTimeoutMs?: number;
  /** Pause before a failed batch write is retried. */
  retryMs?: number;
}

/** A waiting beacon request: settled when the batch holding its records committed. */
interface Waiter {
  resolve(): void;
  reject(error: Error): void;
}

/**
 * The default queue, with group commit: `enqueue` resolves only after the batch holding
 * the records has been committed, so a 202 is never sent for something a crash could
 * still lose (`kill -9` lost acknowledged beacons). Concurrent beacons share
 * one insert: records gather while the previous batch is being written (and for at most
 * `flushMs` when the writer is idle), so throughput stays close to batched writes while
 * each request waits about one insert. While the database is down a request waits up to
 * `commitTimeoutMs`, then gets 503 (its records stay queued and are written later, at
 * most once each thanks to their UUID keys). A graceful close writes what is held.
 */
export function createMemoryQueue(options: MemoryQueueOptions): TrackingQueue {
  const maxPending = options.maxPending ?? 100_000;
  const commitTimeoutMs = options.commitTimeoutMs ?? 10_000;
  const writer = new BatchWriter<Waiter>(
    {
      sink: options.sink,
      batchSize: options.batchSize,
      flushMs: options.flushMs ?? 2,
      onError: options.onError,
      retryMs: options.retryMs,
    },
    {
      onWritten: (waiters) => {
        for (const w of waiters) w.resolve();
      },
    },
  );
  let closed = false;
  return {
    kind: 'memory',
    waiting: () => writer.size,
    async enqueue(records: TrackingRecord[]) {
      if (closed) throw new QueueFullError('The tracking queue is closed.');
      if (writer.size + records.length > maxPending) throw new QueueFullError('The tracking queue is full.');
      if (records.length === 0) return;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new QueueFullError('The tracking database did not commit in time.')),
          commitTimeoutMs,
        );
        timer.unref();
        writer.add(records, {
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
          reject,
        });
      });
    },
    drain(timeoutMs) {
      return writer.flush(timeoutMs);
    },
    async close() {
      closed = true;
      await writer.flush();
      writer.stop();
    },
  };
}
