import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

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

// The limit store in process memory always; in Redis too when one answers.
const stores = (await redisAnswers()) ? (['memory', 'redis'] as const) : (['memory'] as const);
const cases = backends.flatMap((backend) => stores.map((store) => [backend, store] as const));

const A = '203.0.113.10';
const B = '198.51.100.20';
const C = '192.0.2.30';

/**
 * A stranger must not lock the owner out: wrong passwords lock the (account, address) pair
 * that sent them, not the account; each address is still capped across accounts.
 */
describe.each(cases)('sign-in lockout on %s with the limit store in %s', (backend, store) => {
  let site: TestSite;
  const prefix = `test-${randomUUID().slice(0, 8)}:`;
  const signIn = (from: string, email: string, password: string) =>
    site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email, password },
      headers: { 'x-forwarded-for': from },
    });

  beforeAll(async () => {
    site = await createTestSite(backend, {
      config: store === 'redis' ? { redisUrl: REDIS_URL, redisKeyPrefix: prefix } : {},
    });
    expect(site.app.limits.store.kind).toBe(store);
  });
  afterAll(async () => {
    await site.app.close();
    if (store === 'redis') {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  it("5 wrong passwords from A lock A out of the owner's account; the owner signs in from B", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await signIn(A, DEMO_OWNER.email, `wrong-${i}`)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // A is locked for this account, even with the right password.
    const locked = await signIn(A, DEMO_OWNER.email.toUpperCase(), DEMO_OWNER.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Too many sign-in attempts. Please try again later.');
    // The owner, from an address that has never signed in before, is not.
    expect((await signIn(B, DEMO_OWNER.email, DEMO_OWNER.password)).statusCode).toBe(200);
    // And A is locked for that account only.
    expect((await signIn(A, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).statusCode).toBe(200);
    expect((await signIn(A, DEMO_OWNER.email, DEMO_OWNER.password)).statusCode).toBe(429);
  });

  it('one address is still capped across accounts (20 attempts), and the owner stays open elsewhere', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await signIn(C, `nobody-${i}@example.com`, 'wrong-password')).statusCode);
    expect(codes.slice(0, 20).every((code) => code === 401)).toBe(true);
    expect(codes[20]).toBe(429);
    // C has never signed in to the owner's account: the address cap holds for it too.
    expect((await signIn(C, DEMO_OWNER.email, DEMO_OWNER.password)).statusCode).toBe(429);
    // B, where the owner signed in before, is not C.
    expect((await signIn(B, DEMO_OWNER.email, DEMO_OWNER.password)).statusCode).toBe(200);
  });
});
