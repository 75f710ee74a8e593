import type { RecordSink, TrackingRecord } from './tracking-queue';

export interface BatchWriterOptions {
  sink: RecordSink;
  /** Write as soon as this many records are waiting. */
  batchSize?: number;
  /** Otherwise write this long after the first waiting record arrived. */
  flushMs?: number;
  /** Called when a write fails; the batch is retried after `retryMs`. */
  onError?: (error: unknown) => void;
  retryMs?: number;
}

export interface BatchWriterHooks<T> {
  /** Called with the tokens of written records (the JetStream consumer acks them). */
  onWritten?: (tokens: T[]) => void;
  /** Called with the tokens still waiting when a write failed and will be retried. */
  onRetrying?: (tokens: T[]) => void;
}

interface Pending<T> {
  record: TrackingRecord;
  token: T;
}

/**
 * Collects records into batches and writes them one batch at a time. A failed write is
 * retried (records stay at the front), so a slow or restarting database delays writes
 * but does not drop them. `onWritten` hands back the tokens of written records (the
 * JetStream consumer acks its messages there).
 */
export class BatchWriter<T = undefined> {
  private waiting: Pending<T>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private stopped = false;
  private readonly batchSize: number;
  private readonly flushMs: number;
  private readonly retryMs: number;

  constructor(
    private readonly options: BatchWriterOptions,
    private readonly hooks: BatchWriterHooks<T> = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.flushMs = options.flushMs ?? 20;
    this.retryMs = options.retryMs ?? 500;
  }

  get size(): number {
    return this.waiting.length;
  }

  get busy(): boolean {
    return this.waiting.length > 0 || this.writing !== undefined;
  }

  add(records: TrackingRecord[], token: T): void {
    for (const record of records) this.waiting.push({ record, token });
    if (this.waiting.length >= this.batchSize) this.kick(0);
    else this.kick(this.flushMs);
  }

  private kick(delay: number): void {
    if (this.stopped || this.writing) return;
    if (delay === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.writing = this.writeLoop().finally(() => {
        this.writing = undefined;
        if (this.waiting.length > 0) this.kick(this.waiting.length >= this.batchSize ? 0 : this.flushMs);
      });
    }, delay);
  }

  private async writeLoop(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.slice(0, this.batchSize);
      try {
        await this.options.sink(batch.map((p) => p.record));
      } catch (error) {
        this.options.onError?.(error);
        this.hooks.onRetrying?.([...new Set(this.waiting.map((p) => p.token))]);
        if (this.stopped) return;
        await new Promise((r) => setTimeout(r, this.retryMs));
        continue;
      }
      this.waiting.splice(0, batch.length);
      this.hooks.onWritten?.([...new Set(batch.map((p) => p.token))]);
      if (this.stopped && !this.draining) return;
    }
  }

  private draining = false;

  /** Write everything waiting now (retrying failures) until empty or the deadline passes. */
  async flush(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    this.draining = true;
    try {
      while (this.busy && Date.now() < deadline) {
        if (this.timer) {
          clearTimeout(this.timer);
          this.timer = undefined;
        }
        if (!this.writing && this.waiting.length > 0 && !this.stopped) {
          this.writing = this.writeLoop().finally(() => {
            this.writing = undefined;
          });
        }
        if (this.writing) await Promise.race([this.writing, sleep(Math.max(0, deadline - Date.now()))]);
        else if (this.stopped) return;
      }
    } finally {
      this.draining = false;
    }
  }

  /** Stop timers; pending writes in progress finish, nothing new starts. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
