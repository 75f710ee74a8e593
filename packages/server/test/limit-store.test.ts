import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { Limiter, memoryLimitStore } from '../src/services/limits/limit-store';
import { redisLimitStore } from '../src/services/limits/redis-limit-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

describe('memory limit store', () => {
  it('counts per window, undoes and resets', async () => {
    let now = 0;
    const limiter = new Limiter(
      memoryLimitStore(() => now),
      'x',
      2,
      1_000,
    );
    expect([await limiter.hit('k'), await limiter.hit('k'), await limiter.hit('k')]).toEqual([
      false,
      false,
      true,
    ]);
    await limiter.undo('k');
    expect(await limiter.hit('k')).toBe(true);
    now = 1_001;
    expect(await limiter.hit('k')).toBe(false);
    await limiter.reset('k');
    expect([await limiter.hit('k'), await limiter.hit('k')]).toEqual([false, false]);
  });
});

// Needs a Redis (TEST_REDIS_URL or 127.0.0.1:6379); skipped when none answers.
describe.skipIf(!(await redisAnswers()))('redis limit store', () => {
  it('two stores (two processes) share one count, atomically under concurrency', async () => {
    const prefix = `test-${randomUUID().slice(0, 8)}:`;
    const one = redisLimitStore({ url: REDIS_URL, prefix, fallback: memoryLimitStore() });
    const two = redisLimitStore({ url: REDIS_URL, prefix, fallback: memoryLimitStore() });
    try {
      const a = new Limiter(one, 'sign-in', 5, 60_000);
      const b = new Limiter(two, 'sign-in', 5, 60_000);
      const over = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('acct')));
      expect(over.filter((x) => !x)).toHaveLength(5);
      await a.undo('acct');
      await b.reset('acct');
      expect(await a.hit('acct')).toBe(false);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('falls back to process memory when Redis does not answer (no 500s)', async () => {
    const errors: unknown[] = [];
    const store = redisLimitStore({
      url: 'redis://127.0.0.1:1',
      fallback: memoryLimitStore(),
      onError: (e) => errors.push(e),
    });
    try {
      const limiter = new Limiter(store, 'x', 1, 60_000);
      expect(await limiter.hit('k')).toBe(false);
      expect(await limiter.hit('k')).toBe(true);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
