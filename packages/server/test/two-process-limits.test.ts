import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { openDatabase } from '../src/db/client';
import { seedDemoSite } from '../src/seed/seed-demo-site';
import { DEMO_OWNER } from '../src/services/site-users/demo-accounts';
import { type SpawnedServer, httpRequest, spawnServer } from './helpers/spawn-server';
import { uniqueHost } from './helpers/test-db';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const postgresUrl = inject('postgresUrl');

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
 * Two real server processes on one PostgreSQL and one
 * Redis enforce one sign-in limit. Needs both services (TEST_DATABASE_URL and Redis at
 * TEST_REDIS_URL or 127.0.0.1:6379); without them there is nothing to share, so it is skipped.
 */
describe.skipIf(!postgresUrl || !(await redisAnswers()))(
  'two server processes share limits through Redis',
  () => {
    const prefix = `test-${randomUUID().slice(0, 8)}:`;
    const host = uniqueHost();
    let a: SpawnedServer;
    let b: SpawnedServer;

    beforeAll(async () => {
      const database = await openDatabase({ databaseUrl: postgresUrl, poolSize: 1 });
      await seedDemoSite(database.db, { identifier: host, hosts: [host], isDefault: false });
      await database.close();
      const env = { DATABASE_URL: postgresUrl, REDIS_URL, REDIS_KEY_PREFIX: prefix, SEED_DEMO: 'false' };
      [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('5 failed sign-ins per account hold across both processes (alternating), and the crumb works on both', async () => {
      const page = await httpRequest(a.port, { method: 'GET', path: '/', headers: { host } });
      const crumb = /crumb=([^;]+)/.exec(String(page.headers['set-cookie']))?.[1] ?? '';
      expect(crumb).not.toBe('');
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const server = i % 2 === 0 ? a : b;
        const res = await httpRequest(server.port, {
          method: 'POST',
          path: '/api/site-users/account/session',
          headers: {
            host,
            'content-type': 'application/json',
            cookie: `crumb=${crumb}`,
            'x-csrf-token': crumb,
          },
          body: JSON.stringify({ email: DEMO_OWNER.email, password: `wrong-${i}` }),
        });
        statuses.push(res.status);
      }
      // Each process alone saw at most 4 attempts (under the limit of 5): only a shared count says 429.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      const right = await httpRequest(b.port, {
        method: 'POST',
        path: '/api/site-users/account/session',
        headers: {
          host,
          'content-type': 'application/json',
          cookie: `crumb=${crumb}`,
          'x-csrf-token': crumb,
        },
        body: JSON.stringify(DEMO_OWNER),
      });
      expect(right.status).toBe(429);
    }, 60_000);
  },
);
