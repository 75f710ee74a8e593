/**
 * Counting for every limit (sign-in, lock screen, forms, restock, cart writes): a fixed
 * window per key. One interface, two stores: process memory (the embedded default) and
 * Redis (`REDIS_URL`), so N server processes share one count per key.
 */
export interface LimitStore {
  readonly kind: 'memory' | 'redis';
  /** Count one hit on `key`; returns the count in the current window, this hit included. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The count of `key` in its current window (0 when none), without counting. */
  peek(key: string): Promise<number>;
  /** Take one hit back (an attempt that turned out fine must not use up an allowance). */
  undo(key: string): Promise<void>;
  /** Forget the key (e.g. a successful sign-in clears the account's failures). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Fixed windows in this process's memory; swept when it grows large. */
export function memoryLimitStore(now: () => number = Date.now): LimitStore {
  const hits = new Map<string, { count: number; resetAt: number }>();
  const sweep = (at: number) => {
    for (const [key, entry] of hits) if (entry.resetAt <= at) hits.delete(key);
  };
  return {
    kind: 'memory',
    async hit(key, windowMs) {
      const at = now();
      let entry = hits.get(key);
      if (!entry || entry.resetAt <= at) {
        if (hits.size > 50_000) sweep(at);
        entry = { count: 0, resetAt: at + windowMs };
        hits.set(key, entry);
      }
      entry.count += 1;
      return entry.count;
    },
    async peek(key) {
      const entry = hits.get(key);
      return entry && entry.resetAt > now() ? entry.count : 0;
    },
    async undo(key) {
      const entry = hits.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      hits.delete(key);
    },
    async close() {
      hits.clear();
    },
  };
}

/**
 * One named limit: `max` hits per key per `windowMs`. Attempts are counted *before* the
 * work they guard (a password check, a write), so concurrent requests cannot all slip in
 * under the limit while the first ones are still being checked.
 */
export class Limiter {
  constructor(
    private readonly store: LimitStore,
    readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  private key(key: string): string {
    return `${this.name}:${key}`;
  }

  /** Count one attempt; true when it is over the limit (the caller refuses it). */
  async hit(key: string): Promise<boolean> {
    return (await this.store.hit(this.key(key), this.windowMs)) > this.max;
  }

  /** Would the next attempt be refused? Counts nothing. */
  async isOver(key: string): Promise<boolean> {
    return (await this.store.peek(this.key(key))) >= this.max;
  }

  /** Has `key` been counted in the current window at all? */
  async seen(key: string): Promise<boolean> {
    return (await this.store.peek(this.key(key))) > 0;
  }

  undo(key: string): Promise<void> {
    return this.store.undo(this.key(key));
  }

  reset(key: string): Promise<void> {
    return this.store.reset(this.key(key));
  }
}
