import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHOTS = process.env.E2E_SHOTS_DIR ?? '';

/**
 * A visitor's page views, made by the real tracker in Chromium, appear in the
 * owner's Analytics screen (the chart drawn, the counts in the tables); the owner's own
 * visits and the studio itself send no visitor tracking.
 */
describe('the Analytics screen in Chromium', () => {
  let server: RunningServer;
  let visitor: LaunchedBrowser | undefined;
  let owner: LaunchedBrowser | undefined;
  screenshotOnFailure(() => owner);

  beforeAll(async () => {
    server = await startServer();
    visitor = await launchBrowser({ baseURL: server.url });
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
  });
  afterAll(async () => {
    await visitor?.close();
    await owner?.close();
    await server?.stop();
  });

  it('shows the visits a test visitor just made, and not the owner’s own', async () => {
    // A visitor: three pages, each waiting for its page-view hit.
    const v = visitor!.page;
    const visit = async (path: string, referer?: string) => {
      const hit = v.waitForRequest((r) => r.url().includes('/api/census/RecordHit'), { timeout: 10_000 });
      await v.goto(path, { referer });
      await hit;
    };
    // Arriving from a search engine (the referrers table), then a product put in the cart.
    await visit('/', 'https://search.example/?q=tote');
    await visit('/shop');
    await visit('/shop/p/canvas-tote');
    const add = v.locator('.sqs-add-to-cart-button').first();
    await add.waitFor({ state: 'visible', timeout: 15_000 });
    const tracked = v.waitForRequest((r) => r.url().includes('/api/v1/clanker/events'), { timeout: 10_000 });
    await add.click();
    await tracked;
    // A script error on the page reaches the owner's JavaScript errors table.
    const reported = v.waitForRequest((r) => r.url().includes('/api/events/RecordJavascriptErrors'), {
      timeout: 10_000,
    });
    await v.evaluate(() =>
      setTimeout(() => {
        throw new Error('e2e: tote image failed');
      }),
    );
    await reported;
    await visit('/shop');

    // The owner signs in; from then on nothing they open sends visitor tracking.
    const page = owner!.page;
    page.setDefaultTimeout(15_000);
    const tracking: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/^\/api\/(census|1\/performance|v1\/clanker|events)\b/.test(url.pathname))
        tracking.push(url.pathname);
    });
    await page.goto('/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/pages');
    // The live site in the studio's frame, and the site itself in a tab, as the signed-in owner.
    await page.frameLocator('iframe[title="Your site"]').locator('.site-title').waitFor();
    await page.goto('/shop');
    await page.waitForLoadState('load');
    await page.waitForTimeout(1_000);

    await page.goto('/config/analytics/overview');
    const pageViews = page.locator('[data-total="Page views"] dd');
    // Beacons reach the database through the tracking queue: reload until they are in.
    for (let i = 0; i < 20 && (await pageViews.textContent({ timeout: 15_000 })) !== '4'; i++) {
      await page.waitForTimeout(500);
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await page.getByRole('button', { name: 'Last 30 days' }).click();
    }
    expect(await pageViews.textContent()).toBe('4');
    expect(await page.locator('[data-total="Visits"] dd').textContent()).toBe('1');
    expect(await page.locator('[data-total="Unique visitors"] dd').textContent()).toBe('1');

    // The line chart and the funnel are drawn (uPlot canvases with their legend).
    await page.locator('[data-chart="visits"] canvas').waitFor();
    await page.locator('[data-chart="funnel"] canvas').waitFor();
    expect(await page.locator('[data-chart="visits"] .u-legend').textContent()).toContain('Page views');

    const topPages = page.getByRole('region', { name: 'Top pages' });
    const row = (path: string) =>
      topPages.locator('tr', { has: page.locator('td', { hasText: new RegExp(`^${path}$`) }) }).locator('td');
    expect(await row('/shop').allTextContents()).toEqual(['/shop', '2', '1']);
    expect(await row('/').allTextContents()).toEqual(['/', '1', '1']);
    expect(await row('/shop/p/canvas-tote').allTextContents()).toEqual(['/shop/p/canvas-tote', '1', '1']);
    expect(await page.locator('[data-total="Add-to-cart rate"] dd').textContent()).toBe('100%');
    expect(await page.getByRole('region', { name: 'Referrers' }).locator('td').allTextContents()).toEqual([
      'search.example',
      '1',
    ]);
    const errors = page.getByRole('region', { name: 'JavaScript errors' }).locator('tbody tr td');
    expect((await errors.allTextContents()).slice(0, 2)).toEqual(['e2e: tote image failed', '1']);
    if (SHOTS) {
      // The studio scrolls inside its main pane: a tall window shows the whole report.
      await page.setViewportSize({ width: 1440, height: 2000 });
      await page.screenshot({ path: `${SHOTS}/f3-analytics-overview.png` });
      await page.setViewportSize({ width: 820, height: 2400 });
      await page.screenshot({ path: `${SHOTS}/f3-analytics-narrow.png` });
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    // The 7-day preset and a custom range answer too; an empty range says so.
    await page.getByRole('button', { name: 'Custom' }).click();
    await page.getByLabel('From', { exact: true }).fill('2020-01-01');
    await page.getByLabel('To', { exact: true }).fill('2020-01-31');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('No visits in this range yet.').waitFor();
    expect(await pageViews.textContent()).toBe('0');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/f3-analytics-empty.png`, fullPage: true });

    // Neither the studio, its site frame, nor the site opened by the signed-in owner tracked.
    expect(tracking.filter((p) => p !== '/api/events/RecordJavascriptErrors')).toEqual([]);
  });
});
