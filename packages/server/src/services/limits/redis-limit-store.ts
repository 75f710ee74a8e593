import { Redis } from 'ioredis';
import type { LimitStore } from './limit-store';

// INCR and the window's expiry in one atomic step: every process sees one count per key,
// and a key never outlives its window (no lost PEXPIRE if a process dies in between).
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return c`;
// Decrement only a live key, never below zero (an undo after the window ended is a no-op).
const UNDO = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export interface RedisLimitStoreOptions {
  url: string;
  /** Prepended to every key, so deployments (and tests) sharing one Redis never mix counts. */
  prefix?: string;
  /** Used while Redis does not answer, so an outage degrades to per-process limits, not 500s. */
  fallback: LimitStore;
  onError?: (error: unknown) => void;
}

/** Limit counts in Redis (`REDIS_URL`): shared by every server process. */
export function redisLimitStore(options: RedisLimitStoreOptions): LimitStore {
  const prefix = options.prefix ?? 'juniper:';
  const redis = new Redis(options.url, {
    // Fail a command fast while Redis is away instead of queueing requests behind it.
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  redis.on('error', (error) => options.onError?.(error));
  const k = (key: string) => `${prefix}limit:${key}`;
  const guarded = async <T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      options.onError?.(error);
      return fallback();
    }
  };
  return {
    kind: 'redis',
    hit: (key, windowMs) =>
      guarded(
        async () => Number(await redis.eval(HIT, 1, k(key), String(windowMs))),
        () => options.fallback.hit(key, windowMs),
      ),
    peek: (key) =>
      guarded(
        async () => Number((await redis.get(k(key))) ?? 0),
        () => options.fallback.peek(key),
      ),
    undo: (key) =>
      guarded(
        async () => {
          await redis.eval(UNDO, 1, k(key));
        },
        () => options.fallback.undo(key),
      ),
    reset: (key) =>
      guarded(
        async () => {
          await redis.del(k(key));
        },
        () => options.fallback.reset(key),
      ),
    async close() {
      await options.fallback.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
