import { eq } from 'drizzle-orm';
import { describe, expect, it, inject } from 'vitest';
import { trackingEvents } from '../src/db/schema/tracking';
import { createTestSite } from './helpers/test-app';
import { httpRequest, spawnServer } from './helpers/spawn-server';
import { testDatabase } from './helpers/test-db';

/**
 * With the default in-process tracking queue, `kill -9` under load lost beacons
 * that had been answered 202. With group commit a 202 means "committed": every beacon
 * answered 202 before the SIGKILL is in the database afterwards. PostgreSQL only (the
 * test reads the dead server's database while PGlite would be locked to it).
 */
describe.runIf(inject('postgresUrl'))('in-process queue durability across kill -9', () => {
  it('stores every beacon answered 202 before a SIGKILL under load', { timeout: 120_000 }, async () => {
    const site = await createTestSite('postgres');
    const server = await spawnServer({
      DATABASE_URL: inject('postgresUrl'),
      NATS_URL: '',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    const accepted: string[] = [];
    let killed = false;
    try {
      const workers = Array.from({ length: 16 }, async (_, w) => {
        for (let i = 0; !killed; i++) {
          const url = `/crash/${w}/${i}`;
          try {
            const res = await httpRequest(server.port, {
              method: 'POST',
              path: '/api/census/button-click',
              headers: { host: site.host, 'content-type': 'application/json' },
              body: JSON.stringify({ url, visitorCookie: `c${w}|1|1|1|1` }),
            });
            if (res.status === 202) accepted.push(url);
          } catch {
            return; // the server died with this request in flight: never acknowledged
          }
        }
      });
      await new Promise((r) => setTimeout(r, 1_500));
      killed = true;
      server.child.kill('SIGKILL');
      await Promise.all(workers);
    } finally {
      await server.stop();
    }
    expect(accepted.length).toBeGreaterThan(50);
    const { db } = await testDatabase('postgres');
    const rows = await db
      .select({ path: trackingEvents.pagePath })
      .from(trackingEvents)
      .where(eq(trackingEvents.websiteId, site.websiteId));
    const stored = new Set(rows.map((r) => r.path));
    expect(accepted.filter((url) => !stored.has(url))).toEqual([]);
    await site.app.close();
  });
});
