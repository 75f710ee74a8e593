import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { type LimitStore, Limiter, memoryLimitStore } from '../src/services/limits/limit-store';
import { redisLimitStore } from '../src/services/limits/redis-limit-store';
import { signInThrottle } from '../src/services/limits/sign-in-throttle';

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

/**
 * The sign-in throttle on one store, with small limits: guesses spread over many addresses
 * reach the account's cap for new addresses, never for the address the holder signs in from.
 */
async function accountCapScenario(store: LimitStore) {
  const throttle = signInThrottle((name, max, windowMs) => new Limiter(store, name, max, windowMs), {
    pair: 3,
    address: 50,
    account: 6,
  });
  const site = `site-${randomUUID().slice(0, 8)}`;
  const tryOnce = async (from: string, email = 'owner@example.com', right = false) => {
    const attempt = await throttle.attempt(site, email, from);
    if (!attempt.refused && right) await attempt.succeeded();
    return attempt.refused;
  };
  // The owner signs in from home once: home becomes a known address for the account.
  expect(await tryOnce('home', 'owner@example.com', true)).toBe(false);
  // Strangers guess from 10 addresses, one guess each: the 7th and later are refused.
  const strangers: boolean[] = [];
  for (let i = 0; i < 10; i++) strangers.push(await tryOnce(`stranger-${i}`));
  expect(strangers).toEqual([false, false, false, false, false, false, true, true, true, true]);
  // Home is not shut out; an address the owner never used is, until the window ends.
  expect(await tryOnce('home', 'OWNER@example.com', true)).toBe(false);
  expect(await tryOnce('hotel')).toBe(true);
  // Other accounts are not touched by this one's count.
  expect(await tryOnce('stranger-0', 'customer@example.com')).toBe(false);
  // Home still has its own pair lock: 3 failures, then refused.
  expect([
    await tryOnce('home'),
    await tryOnce('home'),
    await tryOnce('home'),
    await tryOnce('home'),
  ]).toEqual([false, false, false, true]);
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

  it('peeks at a count without counting, and forgets it when its window ends', async () => {
    let now = 0;
    const limiter = new Limiter(
      memoryLimitStore(() => now),
      'x',
      2,
      1_000,
    );
    expect([await limiter.seen('k'), await limiter.isOver('k')]).toEqual([false, false]);
    await limiter.hit('k');
    await limiter.hit('k');
    expect([await limiter.seen('k'), await limiter.isOver('k')]).toEqual([true, true]);
    expect(await limiter.isOver('k')).toBe(true);
    now = 1_001;
    expect(await limiter.seen('k')).toBe(false);
  });

  it('sign-in throttle: the account cap spares the addresses its holder uses', async () => {
    await accountCapScenario(memoryLimitStore());
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

  it('peeks at a shared count without counting', async () => {
    const prefix = `test-${randomUUID().slice(0, 8)}:`;
    const one = redisLimitStore({ url: REDIS_URL, prefix, fallback: memoryLimitStore() });
    const two = redisLimitStore({ url: REDIS_URL, prefix, fallback: memoryLimitStore() });
    try {
      const a = new Limiter(one, 'known', 3, 60_000);
      const b = new Limiter(two, 'known', 3, 60_000);
      expect(await b.seen('pair')).toBe(false);
      await a.hit('pair');
      expect([await b.seen('pair'), await b.seen('pair'), await b.isOver('pair')]).toEqual([
        true,
        true,
        false,
      ]);
      await a.hit('pair');
      await a.hit('pair');
      expect(await b.isOver('pair')).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('sign-in throttle: the account cap spares the addresses its holder uses', async () => {
    const prefix = `test-${randomUUID().slice(0, 8)}:`;
    const store = redisLimitStore({ url: REDIS_URL, prefix, fallback: memoryLimitStore() });
    try {
      await accountCapScenario(store);
    } finally {
      await store.close();
      // Known addresses are kept for 30 days: leave none behind.
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
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
