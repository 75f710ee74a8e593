import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../src/app';
import { taxRules, variants, websites } from '../src/db/schema/index';
import { addToCart, cartTokenFrom, demoProduct } from './helpers/shop';
import { type Answer, httpRequest, spawnServer } from './helpers/spawn-server';
import { type TestSite, createTestSite } from './helpers/test-app';
import { type Backend, backends, testDatabase, uniqueHost } from './helpers/test-db';
import { type Call, ownerClient } from './studio/studio-helpers';

/** A second server on the same database, asked over its own front door. */
interface Instance {
  get(path: string, headers: Record<string, string>): Promise<Answer>;
  stop(): Promise<void>;
}

/**
 * On PostgreSQL the second instance is its own process (nothing shared but the database, as in
 * production); PGlite lives in one process, so there it is a second app on the same database.
 */
async function secondInstance(backend: Backend): Promise<Instance> {
  if (backend === 'postgres') {
    const server = await spawnServer({ DATABASE_URL: inject('postgresUrl'), SEED_DEMO: 'false' });
    return {
      get: (path, headers) => httpRequest(server.port, { method: 'GET', path, headers }),
      stop: server.stop,
    };
  }
  const app: FastifyInstance = await buildApp({
    database: await testDatabase(backend),
    logger: false,
    config: {
      dataDir: '/nonexistent',
      databaseUrl: undefined,
      logLevel: 'silent',
      smtpUrl: undefined,
      natsUrl: undefined,
      seedDemo: false,
      cartWritesPer10s: 100,
    },
  });
  return {
    async get(path, headers) {
      const res = await app.inject({ method: 'GET', url: path, headers });
      return { status: res.statusCode, headers: res.headers as Answer['headers'], body: res.body };
    },
    stop: () => app.close(),
  };
}

/** Poll until `check` holds; the time it took, or a failure after `ms`. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - start;
}

describe.each(backends)('two server instances on one %s database', (backend) => {
  let a: TestSite;
  let b: Instance;
  let call: Call;
  beforeAll(async () => {
    a = await createTestSite(backend);
    ({ call } = await ownerClient(a));
    b = await secondInstance(backend);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.app.close(), b?.stop()]);
  });
  const onB = (path: string, host = a.host, cookie = '') =>
    b.get(path, { host, ...(cookie ? { cookie } : {}) });
  const pageId = async (urlId: string): Promise<string> =>
    (await call('GET', '/api/studio/pages')).json().pages.find((p: { urlId: string }) => p.urlId === urlId)
      .id;
  const inNavigation = async (collectionId: string) => {
    const home = await onB('/?format=json');
    return JSON.stringify(JSON.parse(home.body).navigation).includes(collectionId);
  };

  it('a page scheduled 2 s ahead on A appears on B within a second of its time (its cached 404 and navigation too)', async () => {
    const id = await pageId('about');
    const publishAt = Date.now() + 2_000;
    const res = await call('PUT', `/api/studio/pages/${id}/settings`, {
      status: 'SCHEDULED',
      publishAt: new Date(publishAt).toISOString(),
    });
    expect(res.statusCode).toBe(200);
    // B keeps the 404 (once the schedule's own notification has reached it, nothing else drops it).
    await within(1_000, async () => {
      const answer = await onB('/about');
      expect(answer.status).toBe(404);
      return answer.headers['x-page-cache'] === 'hit';
    });
    expect(await inNavigation(id)).toBe(false);
    let liveAt = 0;
    while (!liveAt && Date.now() < publishAt + 3_000) {
      const answer = await onB('/about');
      const answeredAt = Date.now();
      // Anything answered before its time is still the 404.
      if (answeredAt < publishAt) expect(answer.status).toBe(404);
      if (answer.status === 200) liveAt = answeredAt;
      else await new Promise((r) => setTimeout(r, 25));
    }
    expect(liveAt).toBeGreaterThanOrEqual(publishAt);
    expect(liveAt - publishAt).toBeLessThanOrEqual(1_000);
    expect(await inNavigation(id)).toBe(true);
  });

  it('a host added to the site on A is served by B at once, and a host moved away leaves it at once', async () => {
    const added = uniqueHost();
    const websiteOf = async (host: string) => {
      const res = await onB('/?format=json', host);
      // Another site (a default one still "coming soon") may answer with its HTML page.
      const json = res.status === 200 && String(res.headers['content-type']).includes('json');
      return json ? JSON.parse(res.body).website.id : null;
    };
    expect(await websiteOf(added)).not.toBe(a.websiteId);
    expect(await websiteOf(added)).not.toBe(a.websiteId);
    const db = a.app.database.db;
    const setHosts = (hosts: string[]) =>
      db.update(websites).set({ hosts }).where(eq(websites.id, a.websiteId));
    // Under the host lookups' 5 s safety-net expiry: only the change notification explains it.
    await setHosts([a.host, added]);
    expect(await within(1_000, async () => (await websiteOf(added)) === a.websiteId)).toBeLessThan(1_000);
    await setHosts([a.host]);
    expect(await within(1_000, async () => (await websiteOf(added)) !== a.websiteId)).toBeLessThan(1_000);
  });

  it('a tax rate changed on A is charged by B at once', async () => {
    const tee = await demoProduct(a, 'classic-tee');
    await a.app.database.db
      .update(variants)
      .set({ priceCents: 5000, qtyInStock: 500 })
      .where(and(eq(variants.websiteId, a.websiteId), eq(variants.sku, 'TEE-NAV-M')));
    const added = await addToCart(a, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 });
    const cookie = `CART=${cartTokenFrom(added)}`;
    const located = await a.request({
      method: 'PUT',
      url: '/api/commerce/shopping-cart/shipping-location',
      cookies: { CART: cartTokenFrom(added) ?? '' },
      payload: { country: 'US', region: 'NY' },
    });
    expect(located.statusCode).toBe(200);
    const taxOnB = async () =>
      JSON.parse((await onB('/api/commerce/shopping-cart', a.host, cookie)).body).taxCents;
    const before = await taxOnB();
    expect(before).toBeGreaterThan(0);
    expect(await taxOnB()).toBe(before);
    const rules = (await call('GET', '/api/studio/commerce/tax-rules')).json().taxRules;
    const ny = rules.find((r: { region: string | null }) => r.region === 'NY');
    const doubled = ny.rateBasisPoints * 2;
    if (backend === 'postgres') {
      // Through the owner's API on A: B is another process with its own rules cache.
      const { id, ...input } = ny;
      expect(
        (await call('PUT', `/api/studio/commerce/tax-rules/${id}`, { ...input, rateBasisPoints: doubled }))
          .statusCode,
      ).toBe(200);
    } else {
      // One process shares one rules cache: write as another process would (its row and its
      // notification, nothing else), so only the notification can refresh this one.
      await a.app.database.db.transaction(async (tx) => {
        await tx.update(taxRules).set({ rateBasisPoints: doubled }).where(eq(taxRules.id, ny.id));
        await tx.execute(sql`select pg_notify('site_changed', ${a.websiteId})`);
      });
    }
    expect(await within(1_000, async () => (await taxOnB()) > before)).toBeLessThan(1_000);
    const after = await taxOnB();
    expect(Math.abs(after - before * 2)).toBeLessThanOrEqual(1);
  });
});
