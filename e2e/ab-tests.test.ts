import fs from 'node:fs';
import path from 'node:path';
import { abVariantIndex } from '@store/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  callFromPage,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHOTS = process.env.E2E_SHOTS_DIR ?? '';
const layout = {
  sections: [
    { id: 'hero', blocks: [{ id: 'hero-title', type: 'heading', props: { text: 'Autumn sale', level: 1 } }] },
    { id: 'rest', blocks: [{ id: 'rest-text', type: 'text', props: { html: '<p>Always here</p>' } }] },
  ],
};
const cvr = (id: string) => encodeURIComponent(`${id}|1700000000000|1700000000000|1700000000000|1`);

/** Run `work` over `items`, `width` at a time. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/**
 * A/B test end to end: the owner sets up a test of a page's hero in the studio, edits B and
 * starts it; 1,000 visitors (page requests and exposure beacons with their own ss_cvr) split
 * near 50/50 and some add to the cart; real Chromium visitors each see the variant their
 * bucket picks; staff see B with ?variant=b; the readout shows the counts.
 */
describe('A/B tests in Chromium', () => {
  let server: RunningServer;
  let owner: LaunchedBrowser | undefined;
  screenshotOnFailure(() => owner);
  const shot = async (name: string) => {
    if (!SHOTS) return;
    fs.mkdirSync(SHOTS, { recursive: true });
    await owner!.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    server = await startServer();
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await owner?.close();
    await server?.stop();
  });

  it('splits visitors, counts conversions once and reads them out', async () => {
    const o = owner!.page;
    o.setDefaultTimeout(20_000);
    await o.goto('/config/sign-in');
    await o.getByLabel('Email').fill(OWNER.email);
    await o.getByLabel('Password').fill(OWNER.password);
    await o.getByRole('button', { name: 'Sign in' }).click();
    await o.waitForURL('**/config/pages');
    const page = (await callFromPage(o, 'POST', '/api/studio/pages', { title: 'Autumn', kind: 'page' })).body;
    expect((await callFromPage(o, 'POST', `/api/studio/pages/${page.id}/publish`, { layout })).status).toBe(
      200,
    );

    // The owner starts from the section in the page editor; the test's form opens with the
    // page and that section chosen.
    await o.goto(`/config/pages/${page.id}`);
    await o.getByRole('link', { name: 'A/B test this section' }).scrollIntoViewIfNeeded();
    await shot('ab-from-editor-1280');
    await o.getByRole('link', { name: 'A/B test this section' }).click();
    await o.waitForURL('**/config/analytics/ab-tests?*');
    await expect.poll(() => o.getByLabel('Page', { exact: true }).inputValue()).toBe(page.id);
    await expect.poll(() => o.getByLabel('Section', { exact: true }).inputValue()).toBe('hero');
    await shot('ab-new-from-editor-1280');
    await o.getByLabel('Goal', { exact: true }).selectOption('add_to_cart');
    await o.getByRole('button', { name: 'Start A/B test' }).click();
    await o.waitForURL('**/config/analytics/ab-tests/*');
    const testId = o.url().split('/').pop() ?? '';
    await o.locator('#field-hero-title-ab-b-text').fill('Half price today');
    const saved = o.waitForResponse((r) => r.url().endsWith(`/api/studio/ab-tests/${testId}`));
    await o.getByRole('button', { name: 'Save variants' }).click();
    expect((await saved).status()).toBe(200);
    await shot('ab-editor-1280');
    await o.setViewportSize({ width: 390, height: 844 });
    await shot('ab-editor-390');
    await o.setViewportSize({ width: 1280, height: 900 });
    await o.getByRole('button', { name: 'Start test' }).click();
    await o.getByText('Running', { exact: true }).first().waitFor();

    // 1,000 visitors: the shared page, then the exposure beacon, each with its own ss_cvr.
    const url = `${server.url}/${page.urlId}`;
    const visitors = Array.from({ length: 1000 }, (_, i) => `sim${i}x${(i * 7919) % 1000}`);
    const bodies = new Set<string>();
    await pool(visitors, 8, async (id) => {
      const res = await fetch(url, { headers: { cookie: `ss_cvr=${cvr(id)}` } });
      bodies.add(await res.text());
      const beacon = await fetch(`${server.url}/api/census/ab-exposure`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain', cookie: `ss_cvr=${cvr(id)}` },
        body: JSON.stringify({ tests: [testId] }),
      });
      expect(beacon.status).toBe(202);
    });
    expect(bodies.size).toBe(1);
    const inB = visitors.filter((id) => abVariantIndex(id, testId, [1, 1]) === 1);

    // Some convert: 20 of B's visitors and 10 of A's add to the cart (twice, counted once).
    const product = await (await fetch(`${server.url}/shop/p/classic-tee?format=json`)).json();
    const inA = visitors.filter((id) => !inB.includes(id));
    const buyers = [...inB.slice(0, 20), ...inA.slice(0, 10)];
    for (const id of buyers) {
      const first = await fetch(url, { headers: { cookie: `ss_cvr=${cvr(id)}` } });
      const crumb = /crumb=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1] ?? '';
      for (let n = 0; n < 2; n++) {
        const add = await fetch(`${server.url}/api/commerce/shopping-cart/entries`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': decodeURIComponent(crumb),
            cookie: `ss_cvr=${cvr(id)}; crumb=${crumb}`,
          },
          body: JSON.stringify({ itemId: product.item.id, sku: 'TEE-NAV-M', quantity: 1 }),
        });
        expect(add.status).toBe(200);
      }
    }

    // Real browsers: each sees the variant its bucket picks (and is counted).
    for (let i = 0; i < 3; i++) {
      const visitor = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
      try {
        const exposed = visitor.page.waitForRequest((r) => r.url().endsWith('/api/census/ab-exposure'));
        await visitor.page.goto(`/${page.urlId}?variant=b`);
        await exposed;
        const cookies = await visitor.context.cookies();
        const record = decodeURIComponent(cookies.find((c) => c.name === 'ss_cvr')?.value ?? '');
        const id = record.split('|')[0] ?? '';
        const expected = abVariantIndex(id, testId, [1, 1]) === 1 ? 'Half price today' : 'Autumn sale';
        const other = expected === 'Autumn sale' ? 'Half price today' : 'Autumn sale';
        expect(await visitor.page.getByText(expected).isVisible()).toBe(true);
        expect(await visitor.page.getByText(other).isVisible()).toBe(false);
        if (SHOTS && i < 2)
          await visitor.page.screenshot({ path: path.join(SHOTS, `ab-visitor-${i}-390.png`) });
      } finally {
        await visitor.close();
      }
    }

    // Staff see B (and A) on demand.
    await o.goto(`/${page.urlId}?variant=b`);
    expect(await o.getByText('Half price today').isVisible()).toBe(true);
    expect(await o.getByText('Autumn sale').isVisible()).toBe(false);
    await shot('ab-page-variant-b-1280');
    await o.goto(`/${page.urlId}?variant=a`);
    expect(await o.getByText('Autumn sale').isVisible()).toBe(true);
    await shot('ab-page-variant-a-1280');

    const results = (await callFromPage(o, 'GET', `/api/studio/ab-tests/${testId}/results`)).body;
    const [a, b] = results.variants;
    expect(a.visitors + b.visitors).toBe(1003);
    expect(b.visitors / 1003).toBeGreaterThan(0.45);
    expect(b.visitors / 1003).toBeLessThan(0.55);
    expect(b.conversions).toBe(20);
    expect(a.conversions).toBe(10);

    await o.goto(`/config/analytics/ab-tests/${testId}`);
    const row = o.locator('tr[data-variant="b"]');
    await row.waitFor();
    expect(await row.textContent()).toContain(String(b.visitors));
    expect(await row.textContent()).toContain('20');
    await shot('ab-readout-1280');
    await o.setViewportSize({ width: 390, height: 844 });
    await shot('ab-readout-390');
  }, 300_000);
});
