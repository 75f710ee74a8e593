import { BatchWriter } from './batch-writer';
import { QueueFullError, type RecordSink, type TrackingQueue, type TrackingRecord } from './tracking-queue';

export interface MemoryQueueOptions {
  sink: RecordSink;
  batchSize?: number;
  flushMs?: number;
  /** Refuse new records (503) past this many unwritten ones, so a dead database cannot exhaust memory. */
  maxPending?: number;
  onError?: (error: unknown) => void;
}

/**
 * The default queue: records wait in this process's memory for at most `flushMs` (or
 * until `batchSize` gather) and are written in batches. What a crash loses: everything
 * accepted but not yet written — normally up to ~20 ms of beacons, more while the
 * database is slow or down (up to `maxPending` records). A graceful close writes them.
 */
export function createMemoryQueue(options: MemoryQueueOptions): TrackingQueue {
  const maxPending = options.maxPending ?? 100_000;
  const writer = new BatchWriter({
    sink: options.sink,
    batchSize: options.batchSize,
    flushMs: options.flushMs,
    onError: options.onError,
  });
  let closed = false;
  return {
    kind: 'memory',
    async enqueue(records: TrackingRecord[]) {
      if (closed) throw new QueueFullError('The tracking queue is closed.');
      if (writer.size + records.length > maxPending) throw new QueueFullError('The tracking queue is full.');
      writer.add(records, undefined);
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
