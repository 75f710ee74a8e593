import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { collections, pageSettings } from '../src/db/schema/index';
import { PageCache } from '../src/pages/page-cache';
import { msUntilNextPublish, publishDuePages } from '../src/services/jobs/scheduled-publish';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { listenSiteChanged, ownerClient } from './studio/studio-helpers';

const page = (websiteId: string, body = 'x') => ({
  websiteId,
  status: 404,
  contentType: 'text/html',
  body: Buffer.from(body),
  items: 'none' as const,
});

describe('PageCache: a site scheduled to change expires at that time', () => {
  afterEach(() => vi.restoreAllMocks());
  const at = (ms: number) => vi.spyOn(Date, 'now').mockReturnValue(ms);

  it.each([
    ['a millisecond before', 9_999, 'hit'],
    ['at the time', 10_000, 'miss'],
    ['after it', 60_000, 'miss'],
  ])('%s the scheduled change the cached 404 is a %s', (_when, now, expected) => {
    const cache = new PageCache(1024 * 1024);
    at(1_000);
    const generation = cache.generation('w1');
    cache.set('k', generation, page('w1'));
    cache.expireSiteAt('w1', generation, 10_000);
    at(now);
    expect(cache.get('k') ? 'hit' : 'miss').toBe(expected);
  });

  it('moves the site to a new generation at that time (frames and languages reload) and spares other sites', () => {
    const cache = new PageCache(1024 * 1024);
    at(1_000);
    const g1 = cache.generation('w1');
    const other = cache.generation('w2');
    cache.set('other', other, page('w2'));
    cache.expireSiteAt('w1', g1, 5_000);
    at(5_000);
    expect(cache.generation('w1')).not.toBe(g1);
    expect(cache.get('other')).toBeDefined();
    expect(cache.generation('w2')).toBe(other);
  });

  it('keeps the earliest of several times, and ignores a time read under an older generation', () => {
    const cache = new PageCache(1024 * 1024);
    at(1_000);
    const g1 = cache.generation('w1');
    cache.expireSiteAt('w1', g1, 9_000);
    cache.expireSiteAt('w1', g1, 4_000);
    cache.set('k', g1, page('w1'));
    at(4_000);
    expect(cache.get('k')).toBeUndefined();
    const g2 = cache.generation('w1');
    cache.invalidateSite('w1');
    cache.expireSiteAt('w1', g2, 4_500);
    const g3 = cache.generation('w1');
    cache.set('k', g3, page('w1'));
    at(5_000);
    expect(cache.get('k')).toBeDefined();
  });

  it('forgets the time when the site changes (its next load reads the schedule again)', () => {
    const cache = new PageCache(1024 * 1024);
    at(1_000);
    cache.expireSiteAt('w1', cache.generation('w1'), 3_000);
    cache.invalidateSite('w1');
    const generation = cache.generation('w1');
    cache.set('k', generation, page('w1'));
    at(3_000);
    expect(cache.get('k')).toBeDefined();
  });
});

describe.each(backends)('publishing scheduled pages on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());
  const db = () => site.app.database.db;
  const pageIdOf = async (urlId: string) => {
    const [row] = await db()
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.websiteId, site.websiteId), eq(collections.urlId, urlId)));
    if (!row) throw new Error(`no page ${urlId}`);
    return row.id;
  };
  const schedule = async (urlId: string, publishAt: Date) => {
    const collectionId = await pageIdOf(urlId);
    await db()
      .insert(pageSettings)
      .values({ collectionId, websiteId: site.websiteId, status: 'SCHEDULED', publishAt })
      .onConflictDoUpdate({ target: pageSettings.collectionId, set: { status: 'SCHEDULED', publishAt } });
    return collectionId;
  };
  const statusOf = async (collectionId: string) =>
    (await db().select().from(pageSettings).where(eq(pageSettings.collectionId, collectionId)))[0]?.status;

  it('publishes the pages whose time has come once, announces their site once, and leaves later ones scheduled', async () => {
    // No app of this file runs its timer meanwhile (on PostgreSQL another worker's may: whoever
    // publishes, each page flips once and its site is announced once).
    await site.app.close();
    const due = await schedule('about', new Date(Date.now() - 60_000));
    const alsoDue = await schedule('contact', new Date(Date.now() - 1_000));
    const later = await schedule('wholesale', new Date(Date.now() + 3_600_000));
    const listener = await listenSiteChanged(backend);
    try {
      // Two processes at the same moment.
      const [first, second] = await Promise.all([publishDuePages(db()), publishDuePages(db())]);
      const ours = [...first, ...second]
        .filter((p) => p.websiteId === site.websiteId)
        .map((p) => p.collectionId);
      expect(new Set(ours).size).toBe(ours.length);
      expect(await statusOf(due)).toBe('PUBLISHED');
      expect(await statusOf(alsoDue)).toBe('PUBLISHED');
      expect(await statusOf(later)).toBe('SCHEDULED');
      await until(async () => listener.seen.includes(site.websiteId));
      await new Promise((r) => setTimeout(r, 200));
      expect(listener.seen.filter((id) => id === site.websiteId)).toHaveLength(1);
    } finally {
      await listener.stop();
      site = await createTestSite(backend);
    }
  });

  it('says how long until the next scheduled page, by the database clock', async () => {
    await schedule('about', new Date(Date.now() + 30 * 60_000));
    const ms = await msUntilNextPublish(db());
    expect(ms).not.toBeNull();
    expect(ms).toBeLessThanOrEqual(30 * 60_000);
    // PGlite is this worker's alone: nothing else is scheduled sooner.
    if (backend === 'pglite') expect(ms).toBeGreaterThan(29 * 60_000);
  });

  it('the running server publishes a page the owner scheduled a moment ahead, and the studio then says Published', async () => {
    const { call } = await ownerClient(site);
    const id = await pageIdOf('contact');
    const publishAt = new Date(Date.now() + 500).toISOString();
    expect(
      (await call('PUT', `/api/studio/pages/${id}/settings`, { status: 'SCHEDULED', publishAt })).statusCode,
    ).toBe(200);
    const status = async () =>
      (await call('GET', '/api/studio/pages')).json().pages.find((p: { id: string }) => p.id === id)?.status;
    expect(await status()).toBe('SCHEDULED');
    await until(async () => (await status()) === 'PUBLISHED', 3_000);
  });
});

/** Poll until `check` holds; fails the test after `ms`. */
async function until(check: () => Promise<boolean>, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
