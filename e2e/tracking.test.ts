import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers';

/**
 * Visiting pages and adding to cart in Chromium produces page-view, add-to-cart and
 * performance records in the database. The server runs on PostgreSQL (a fresh database)
 * so the test can read what the tracking consumer wrote while the server runs.
 */
const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = 'tracking_e2e';

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  return BASE.replace(/\/[^/]*$/, `/${DB_NAME}`);
}

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

describe('tracking in the browser', () => {
  let server: RunningServer;
  let browser: LaunchedBrowser | undefined;
  let db: pg.Client;
  screenshotOnFailure(() => browser);

  beforeAll(async () => {
    const databaseUrl = await freshDatabase();
    server = await startServer({ env: { DATABASE_URL: databaseUrl }, build: true });
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    browser = await launchBrowser({ baseURL: server.url });
  });
  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await server?.stop();
  });

  it('records page views, an add-to-cart and a page-speed report', async () => {
    const page = browser!.page;
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    const hits: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) hits.push(new URL(r.url()).pathname);
    });

    // Each visit waits for its page-view hit: the trackers load after the page, and a
    // navigation that beats them is a different test (see runtime-assets preload).
    const visit = async (path: string) => {
      const hit = page.waitForRequest((r) => r.url().includes('/api/census/RecordHit'), { timeout: 10_000 });
      await page.goto(path);
      await page.waitForLoadState('load');
      await hit;
    };
    await visit('/');
    await visit('/shop');
    await visit('/shop/p/canvas-tote');
    const add = page.locator('.sqs-add-to-cart-button').first();
    await add.waitFor({ state: 'visible', timeout: 15_000 });
    const added = page.waitForResponse((r) => r.url().includes('/api/commerce/shopping-cart/entries'));
    await add.click();
    expect((await added).status()).toBeLessThan(300);
    await page.waitForRequest((r) => r.url().includes('/api/v1/clanker/events'), { timeout: 10_000 });
    // Leaving the page hides it: the performance collector sends its one report.
    await visit('/about');
    // The contact page shows a form: the census records its render.
    await visit('/contact');

    const pageViews = await waitFor(
      async () => (await db.query(`select page_path from tracking_events where name = 'page_view'`)).rows,
      (rows) => rows.length >= 5,
    );
    expect(pageViews.map((r) => r.page_path)).toEqual(
      expect.arrayContaining(['/', '/shop', '/shop/p/canvas-tote', '/about', '/contact']),
    );
    const visitors = await db.query(
      `select count(distinct visitor_id)::int as n, count(distinct (visitor_id || ':' || visit_number))::int as visits
       from tracking_events where name = 'page_view'`,
    );
    expect(visitors.rows[0]).toEqual({ n: 1, visits: 1 });

    const adds = await waitFor(
      async () =>
        (await db.query(`select item_id, data from tracking_events where name = 'add_to_cart'`)).rows,
      (rows) => rows.length >= 1,
    );
    expect(adds).toHaveLength(1);
    expect(adds[0].data).toMatchObject({ product_page: 'pdp', product: { item_title: 'Canvas Tote' } });

    const viewed = await db.query(`select item_id from tracking_events where name = 'commerce_item_viewed'`);
    expect(viewed.rows.length).toBeGreaterThanOrEqual(1);

    const perf = await waitFor(
      async () => (await db.query(`select page_path, page_type, fcp_ms from performance_records`)).rows,
      (rows) => rows.length >= 1,
    );
    expect(perf.length).toBeGreaterThanOrEqual(1);
    expect(perf.some((r) => r.fcp_ms !== null && r.fcp_ms > 0)).toBe(true);
    const formRenders = await waitFor(
      async () =>
        (await db.query(`select page_path, data from tracking_events where name = 'form_render'`)).rows,
      (rows) => rows.some((r) => r.page_path === '/contact'),
    );
    expect(formRenders.map((r) => r.page_path)).toContain('/contact');
    expect(consoleErrors.filter((e) => /Error tracking event/.test(e))).toEqual([]);
  });
});
