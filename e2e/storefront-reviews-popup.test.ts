import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

// PostgreSQL (not PGlite) so the test can read the unsubscribe token a signup stored.
const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = `e2e_reviews_${process.pid}`;
const dbUrl = BASE.replace(/\/[^/]*$/, `/${DB_NAME}`);
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

async function admin<T>(fn: (client: pg.Client) => Promise<T>, url = BASE): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(async (c) => {
    await c.query(`drop database if exists ${DB_NAME} with (force)`);
    await c.query(`create database ${DB_NAME}`);
  });
  server = await startServer({ env: { DATABASE_URL: dbUrl } });
  browser = await launchBrowser({ baseURL: server.url });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await admin((c) => c.query(`drop database if exists ${DB_NAME} with (force)`));
});

/** Sign the owner in inside the page's context and call an owner route with the crumb. */
async function asOwner(method: 'POST' | 'PUT', url: string, data: object) {
  const { page } = browser as LaunchedBrowser;
  const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  const signIn = await page.request.post('/api/site-users/account/session', { headers, data: OWNER });
  expect(signIn.status()).toBe(200);
  const res = await page.request.fetch(url, { method, headers, data });
  await page.request.delete('/api/site-users/account/session', { headers });
  return res;
}

describe('reviews, related products, popup overlay and unsubscribe in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('reviews: summary in the HTML, list and form loaded only when scrolled to, owner approval shows a review', async () => {
    const { page } = browser as LaunchedBrowser;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/shop/p/classic-tee');
    expect((await page.textContent('.product-rating'))?.trim()).toBe('4.7 · 3 reviews');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.waitForTimeout(500);
    expect(scripts.some((s) => /\/reviews-[\w-]+\.js$/.test(s))).toBe(false);
    await page.click('.product-rating');
    await page.waitForSelector('[data-testid="review"]');
    expect(scripts.some((s) => /\/reviews-[\w-]+\.js$/.test(s))).toBe(true);
    expect(await page.locator('[data-testid="review"]').count()).toBe(3);
    expect(await page.textContent('[data-testid="review"] >> nth=0')).toContain('Maya R.');

    await page.click('button:has-text("Write a review")');
    await page.click('button:has-text("Submit review")');
    expect(await page.locator('.review-form .field-error').allTextContents()).toEqual([
      'Choose a rating from 1 to 5 stars.',
      'Please enter your name.',
      'Please enter a valid email',
      'Write a few words about the product.',
    ]);
    await page.click('.star-input label >> nth=4');
    await page.fill('#review-authorName', 'Grace H.');
    expect(await page.locator('.review-form .field-error').count()).toBe(2);
    await page.fill('#review-email', 'grace@example.com');
    await page.fill('#review-title', 'Perfect weight');
    await page.fill('#review-body', 'Not too thin, not too heavy. Washes well.');
    const posted = page.waitForResponse(
      (r) => r.url().endsWith('/reviews') && r.request().method() === 'POST',
    );
    await page.click('button:has-text("Submit review")');
    expect((await posted).status()).toBe(201);
    await page.waitForSelector('text=Thank you! Your review will appear once the shop has approved it.');

    // Held for moderation: not shown until the owner approves it.
    await page.reload();
    await page.click('.product-rating');
    await page.waitForSelector('[data-testid="review"]');
    expect(await page.locator('[data-testid="review"]').count()).toBe(3);
    const queue = await admin(
      (c) => c.query(`select id from product_reviews where author_name = 'Grace H.' and status = 'PENDING'`),
      dbUrl,
    );
    expect(queue.rows).toHaveLength(1);
    const approved = await asOwner('POST', `/api/owner/reviews/${queue.rows[0].id}/moderation`, {
      status: 'APPROVED',
    });
    expect(approved.status()).toBe(200);
    await page.goto('/shop/p/classic-tee');
    expect((await page.textContent('.product-rating'))?.trim()).toBe('4.8 · 4 reviews');
    await page.click('.product-rating');
    await page.waitForSelector('[data-testid="review"] >> text=Perfect weight');
  });

  it('related products: four others, the same category first, without the product itself', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/shop/p/classic-tee');
    const titles = await page.locator('.related-products .product-card__title').allTextContents();
    expect(titles).toHaveLength(4);
    expect(titles).not.toContain('Classic Tee');
    expect(titles.slice(0, 2)).toEqual(['Zip Hoodie', 'Wool Beanie']);
    await page.click('.related-products a:has-text("Zip Hoodie")');
    await page.waitForURL('**/shop/p/zip-hoodie');
  });

  it('popup overlay (104): shows after its delay, remembers close and signup in local storage, new version shows again', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/about');
    const setup = {
      enabled: true,
      title: 'Join our letter',
      body: 'Once a month.',
      delaySeconds: 1,
      hideDays: 7,
    };
    expect((await (await asOwner('PUT', '/api/owner/popup-overlay', setup)).json()).enabled).toBe(true);
    await page.evaluate(() => localStorage.clear());
    await page.goto('/about');
    const popup = page.locator('[data-popup-overlay]');
    expect(await popup.isHidden()).toBe(true);
    await popup.waitFor({ state: 'visible', timeout: 4000 });
    expect(await popup.locator('h2').textContent()).toBe('Join our letter');
    await page.keyboard.press('Escape');
    expect(await popup.isHidden()).toBe(true);
    const stored = await page.evaluate(() => [
      localStorage.getItem('date-closed'),
      localStorage.getItem('version'),
    ]);
    expect(Number(stored[0])).toBeGreaterThan(Date.now() - 60_000);
    const version = stored[1];

    await page.reload();
    await page.waitForTimeout(1800);
    expect(await popup.isHidden()).toBe(true);

    // Saving again is a new version: the visitor who closed the old one sees it.
    await asOwner('PUT', '/api/owner/popup-overlay', setup);
    await page.reload();
    await popup.waitFor({ state: 'visible', timeout: 4000 });
    await page.fill('#popup-overlay-email', 'nope');
    await page.click('.popup-overlay__form button');
    expect(await page.textContent('[data-popup-message]')).toBe('Please enter a valid email');
    await page.fill('#popup-overlay-email', 'reader@example.com');
    expect(await page.textContent('[data-popup-message]')).toBe('');
    await page.click('.popup-overlay__form button');
    await popup.locator('text=Thank you for signing up!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('submitted'))).toBe('true');
    expect(Number(version)).toBeLessThan(
      Number((await admin((c) => c.query('select version from popup_overlays'), dbUrl)).rows[0].version),
    );
    await page.evaluate(() => localStorage.removeItem('submitted'));
    await page.goto('/checkout');
    await page.waitForTimeout(1800);
    expect(await popup.isHidden()).toBe(true);
  });

  it('newsletter unsubscribe (300): the link from an email unsubscribes; a bad link says so', async () => {
    const { page } = browser as LaunchedBrowser;
    const { rows } = await admin(
      (c) => c.query(`select unsubscribe_token from list_members where email = 'reader@example.com'`),
      dbUrl,
    );
    await page.evaluate(() => localStorage.setItem('submitted', 'true'));
    await page.goto(`/newsletter/unsubscribe?token=${rows[0].unsubscribe_token}`);
    expect(await page.getAttribute('body', 'data-page-type')).toBe('300');
    expect(await page.textContent('h1')).toBe('Unsubscribe');
    await page.click('.unsubscribe-box button:not([disabled])');
    await page.waitForSelector('text=You have been unsubscribed.', { timeout: 5000 });
    const after = await admin(
      (c) => c.query(`select unsubscribed_at from list_members where email = 'reader@example.com'`),
      dbUrl,
    );
    expect(after.rows[0].unsubscribed_at).not.toBeNull();
    await page.goto('/newsletter/unsubscribe?token=not-a-real-token-at-all');
    await page.click('.unsubscribe-box button:not([disabled])');
    await page.waitForSelector('text=This unsubscribe link is not valid.');
  });
});
