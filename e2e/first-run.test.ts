import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  repoRoot,
  screenshotOnFailure,
  startServer,
  withScreenshot,
} from './helpers/index';

let server: RunningServer;
let owner: LaunchedBrowser | undefined;
let visitor: LaunchedBrowser | undefined;

const OWNER = { email: 'owner@harbour-goods.test', password: 'a harbour of goods' };

beforeAll(async () => {
  // A new deployment: no demo, no site.
  server = await startServer({ env: { SEED_DEMO: 'false' } });
  owner = await launchBrowser({ baseURL: server.url });
  visitor = await launchBrowser({ baseURL: server.url });
});
afterAll(async () => {
  await owner?.close();
  await visitor?.close();
  await server?.stop();
});

/** A picture at 1280 and at 390 px wide (a phone), for review; SHOTS_DIR gets copies too. */
async function shots(launched: LaunchedBrowser, name: string, page: Page = launched.page) {
  const before = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    const file = await launched.screenshot(`first-run-${name}-${width}`, page);
    const dir = process.env.SHOTS_DIR;
    if (dir && fs.existsSync(file)) {
      fs.mkdirSync(dir, { recursive: true });
      fs.copyFileSync(file, path.join(dir, path.basename(file)));
    }
  }
  await page.setViewportSize(before);
}

/** `npm run create-site` against the running server (PGlite: through its admin socket). */
function createSite(args: string[]): Promise<number | null> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/cli/create-site.ts', ...args],
    {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '', OWNER_PASSWORD: OWNER.password },
      stdio: 'ignore',
    },
  );
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('first run: from an empty database to a first order', () => {
  screenshotOnFailure(() => owner);

  it('shows "coming soon" at / and the setup screen at /config', async () => {
    const { page } = visitor as LaunchedBrowser;
    const home = await page.goto('/');
    expect(home?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Coming soon' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');

    const studio = (owner as LaunchedBrowser).page;
    studio.setDefaultTimeout(15_000);
    await studio.goto('/config');
    await studio.getByRole('heading', { name: 'Set up your site' }).waitFor();
    expect(await studio.getByRole('radio').count()).toBe(3);
    await shots(owner as LaunchedBrowser, 'setup');
  });

  it('creates the site from the shop starter and lands in the studio, signed in', async () => {
    const page = (owner as LaunchedBrowser).page;
    await page.getByLabel('Site title').fill('Harbour Goods');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password', { exact: true }).fill(OWNER.password);
    await page.getByLabel('Repeat the password').fill('not the same');
    await page.getByRole('button', { name: 'Create my site' }).click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await page.getByLabel('Repeat the password').fill(OWNER.password);
    await page.getByLabel('Currency').selectOption('USD');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('Time zone').selectOption('America/New_York');
    await page.getByRole('radio', { name: /Shop/ }).check();
    await page.getByRole('button', { name: 'Create my site' }).click();
    await page.waitForURL('**/config/pages');
    await page.getByText('Your site is not published yet.').waitFor();
    await page.getByRole('button', { name: 'Publish site' }).waitFor();
    await shots(owner as LaunchedBrowser, 'studio-not-published');

    // Visitors still get "coming soon", now in the site's own words and colours.
    const visit = (visitor as LaunchedBrowser).page;
    await visit.goto('/');
    await visit.getByText('Harbour Goods', { exact: true }).waitFor();
    await visit.getByRole('heading', { name: 'Coming soon' }).waitFor();
    await shots(visitor as LaunchedBrowser, 'coming-soon');
  });

  it('adds a first product in the studio, publishes, and a visitor buys it', async () => {
    const page = (owner as LaunchedBrowser).page;
    await page.goto('/config/commerce/products');
    await page.getByRole('link', { name: 'Stoneware cup' }).waitFor();
    await page.getByRole('button', { name: 'New product' }).click();
    await page.getByRole('button', { name: 'Physical' }).click();
    await page.waitForURL('**/config/commerce/products/new?type=1');
    await page.getByLabel('Title').fill('Harbour Scarf');
    const only = page.locator('.variant-table tbody tr').first();
    await only.locator('input[aria-label^="SKU of"]').fill('SCARF-1');
    await only.locator('input[aria-label^="Price of"]').fill('38');
    await only.locator('input[aria-label^="Stock of"]').fill('5');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/config\/commerce\/products\/(?!new)[^/?]+$/);
    await page.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();

    await page.goto('/config/pages');
    await page.getByRole('button', { name: 'Publish site' }).click();
    await page.getByText('Your site is published').waitFor();

    const visit = (visitor as LaunchedBrowser).page;
    await visit.goto('/');
    await visit.getByRole('heading', { name: 'Harbour Goods', level: 1 }).waitFor();
    await shots(visitor as LaunchedBrowser, 'shop-starter');
    await visit.goto('/shop');
    await visit.getByRole('link', { name: 'Harbour Scarf' }).first().click();
    await visit.waitForSelector('.product-form[data-island-mounted="true"]');
    await visit.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => visit.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
    await visit.goto('/checkout');
    await visit.waitForSelector('#card-number');
    await visit.fill('#checkout-email', 'buyer@example.com');
    await visit.fill('#checkout-firstName', 'Ada');
    await visit.fill('#checkout-lastName', 'Lovelace');
    await visit.fill('#checkout-address1', '1 Main St');
    await visit.fill('#checkout-city', 'Albany');
    await visit.selectOption('#checkout-country', 'US');
    await visit.selectOption('#checkout-state', 'NY');
    await visit.fill('#checkout-postalCode', '12207');
    // The shop starter's one shipping method.
    await visit.getByRole('radio', { name: /Standard shipping/ }).check();
    await visit.locator('#card-number').pressSequentially('4242424242424242');
    await visit.locator('#card-expiry').pressSequentially('1230');
    await visit.fill('#card-cvc', '123');
    await visit.fill('#card-name', 'Ada Lovelace');
    await visit.click('button:has-text("Place order")');
    const refused = visit.locator('[data-testid="checkout-error"], .field-error, [role="alert"]').first();
    await withScreenshot(visitor as LaunchedBrowser, 'first-run-checkout', () =>
      Promise.race([
        visit.waitForURL('**/checkout/order-confirmed**'),
        refused.waitFor().then(async () => {
          throw new Error(`checkout refused: ${await refused.textContent()}`);
        }),
      ]),
    );

    // The receipt: every link in it starts with the address the owner set the site up at.
    const outbox = await page.evaluate(async () => (await fetch('/api/owner/outbox')).json());
    const receipt = outbox.messages.find((m: { to: string }) => m.to === 'buyer@example.com');
    expect(receipt).toBeDefined();
    const links: string[] = [
      ...`${receipt.text} ${receipt.html ?? ''}`.matchAll(/https?:\/\/[^\s"'<>)]+/g),
    ].map((m) => m[0]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${server.url}/`), link).toBe(true);
  });

  it('adds a portfolio and a blank site beside it, each on its own host', async () => {
    const port = new URL(server.url).port;
    for (const starter of ['portfolio', 'blank']) {
      const host = `${starter}.localhost`;
      const code = await createSite([
        ...['--title', starter === 'portfolio' ? 'Mara Lind Studio' : 'Plain Page'],
        ...['--email', `owner@${starter}.test`, '--starter', starter, '--host', host],
      ]);
      expect(code).toBe(0);
      // Its owner publishes it (Chromium sends *.localhost to this machine).
      const base = `http://${host}:${port}`;
      const launched = await launchBrowser({ baseURL: base });
      try {
        const { page } = launched;
        await page.goto('/config');
        await page.getByLabel('Email').fill(`owner@${starter}.test`);
        await page.getByLabel('Password').fill(OWNER.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.getByRole('button', { name: 'Publish site' }).click();
        await page.getByText('Your site is published').waitFor();
        // As a visitor sees it (signed out).
        const other = (visitor as LaunchedBrowser).page;
        await other.goto(`${base}/`);
        await other.getByRole('heading', { level: 1 }).first().waitFor();
        expect(await other.title()).not.toContain('Harbour Goods');
        await shots(visitor as LaunchedBrowser, `${starter}-starter`, other);
      } finally {
        await launched.close();
      }
    }
  });
});
