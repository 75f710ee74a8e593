import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type MailCatcher,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startMailCatcher,
  startServer,
  callFromPage as call,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const BUYER = 'ada.buyer@example.com';
/** Screenshots a person looks at: pages 207, 209, 211 and the owner's fulfil form, at 1280 and 390. */
const SHOTS = process.env.ORDER_PAGES_SHOTS_DIR ?? '/work/shots/orders';

let mail: MailCatcher;
let server: RunningServer;
let owner: LaunchedBrowser | undefined;
let buyer: LaunchedBrowser | undefined;

/** A message's text with quoted-printable undone. */
const unQuote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The first link of `pattern` in mail to `to` (waits for the outbox worker to send it). */
async function linkMailedTo(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const found = mail.received.find((m) => m.to.includes(to) && pattern.test(unQuote(m.raw)));
    const link = found ? pattern.exec(unQuote(found.raw))?.[0] : undefined;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with ${pattern}`);
}

/** A JSON call from the page, with the crumb the site set (as the studio's client sends it). */

/** Both widths of one screen. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

beforeAll(async () => {
  mail = await startMailCatcher();
  // The reviews request job looks every second here (every 5 minutes by default).
  server = await startServer({
    build: true,
    // A loaded machine starts the server slowly (migrations and the demo seed on PGlite).
    timeoutMs: 300_000,
    env: { SMTP_URL: mail.url, REVIEW_REQUESTS_EVERY_MS: '1000' },
  });
}, 480_000);
afterAll(async () => {
  await owner?.close();
  await buyer?.close();
  await server?.stop();
  await mail?.close();
});

describe('the order pages in Chromium', () => {
  screenshotOnFailure(() => buyer ?? owner);

  it('order received → owner fulfils with tracking → status with tracking → reviews mail → rated → in the owner’s reviews', {
    timeout: 420_000,
  }, async () => {
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const studio = owner.page;
    studio.setDefaultTimeout(20_000);
    await studio.goto('/config/commerce/orders');
    await studio.waitForURL('**/config/sign-in');
    await studio.getByLabel('Email').fill(OWNER.email);
    await studio.getByLabel('Password').fill(OWNER.password);
    await studio.getByRole('button', { name: 'Sign in' }).click();
    await studio.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
    // Payments authorised at checkout and captured later; reviews asked for at once.
    expect(
      (await call(studio, 'PUT', '/api/owner/store/payments', { provider: 'test', captureMode: 'manual' }))
        .status,
    ).toBe(200);
    const settings = await call(studio, 'PUT', '/api/commerce/review-requests/settings', {
      enabled: true,
      delayDays: 0,
    });
    expect(settings.body).toEqual({ enabled: true, delayDays: 0 });

    // The buyer checks out in the browser: the card is authorised, not yet taken.
    buyer = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const shop = buyer.page;
    shop.setDefaultTimeout(20_000);
    await shop.goto('/shop/p/classic-tee');
    const item = (await call(shop, 'GET', '/shop/p/classic-tee?format=json')).body.item;
    expect(
      (
        await call(shop, 'POST', '/api/commerce/shopping-cart/entries', {
          itemId: item.id,
          sku: 'TEE-NAV-M',
          quantity: 1,
        })
      ).status,
    ).toBe(200);
    const cart = (await call(shop, 'GET', '/api/commerce/shopping-cart')).body;
    const card = await call(shop, 'POST', '/api/commerce/payments/test/tokens', {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
    });
    const placed = await call(shop, 'POST', '/api/commerce/checkout', {
      email: BUYER,
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Buyer',
        address1: '1 Analytical Way',
        city: 'London',
        postalCode: 'N1 1AA',
        country: 'GB',
      },
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: card.body.token },
    });
    expect(placed.status).toBe(200);
    const { order, confirmationUrl } = placed.body;
    expect(order.status).toBe('PENDING');

    // Order received (207): in, payment pending.
    await shop.goto(confirmationUrl);
    await shop.getByTestId('order-received').waitFor();
    await shop.getByTestId('order-payment-pending').waitFor();
    expect(await shop.getByRole('heading', { name: 'Order received' }).count()).toBe(1);
    await shoot(shop, 'page-207-order-received');

    // The owner captures, then fulfils with the carrier and tracking number.
    await studio.goto(`/config/commerce/orders/${order.id}`);
    await studio.getByRole('button', { name: 'Capture payment' }).click();
    await studio.getByLabel('Tracking number').waitFor();
    await studio.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await studio.getByLabel('Carrier (optional)').fill('UPS');
    await shoot(studio, 'owner-fulfil-form');
    await studio.getByRole('button', { name: 'Mark fulfilled' }).click();
    await studio.locator('.order-status', { hasText: 'Fulfilled' }).waitFor();

    // The buyer opens the status link from the shipped mail: tracking is there (211).
    const statusLink = await linkMailedTo(
      BUYER,
      /https?:\/\/[^\s"<>]+\/commerce\/orders\/[A-Za-z0-9-]+\?token=[A-Za-z0-9_-]+/,
    );
    await shop.goto(statusLink);
    await shop.getByTestId('order-tracking').waitFor();
    expect(await shop.getByTestId('order-tracking').textContent()).toContain('1Z999AA10123456784');
    expect(await shop.getByTestId('order-tracking').textContent()).toContain('UPS');
    expect(await shop.getByTestId('order-status').textContent()).toBe('Fulfilled');
    await shoot(shop, 'page-211-order-status');
    // Someone without the link sees the not-found page.
    const stranger = await shop.request.get(`/commerce/orders/${order.id}`);
    expect(stranger.status()).toBe(404);

    // The reviews request mail, sent once; its link opens the reviews page (209).
    const reviewLink = await linkMailedTo(BUYER, /https?:\/\/[^\s"<>]+\/commerce\/reviews\/[A-Za-z0-9._-]+/);
    await shop.goto(reviewLink);
    await shop.getByTestId('review-item').first().waitFor();
    await shop.getByLabel('Your name (shown with your reviews)').fill('Ada B.');
    const item0 = shop.getByTestId('review-item').first();
    await item0.locator('label', { hasText: '4 stars' }).click();
    await item0.getByLabel('Title (optional)').fill('Soft and true to size');
    await item0.getByLabel('Your review').fill('Washed it twice, still like new.');
    await shoot(shop, 'page-209-reviews-request');
    await shop.getByRole('button', { name: 'Send my reviews' }).click();
    await shop.getByTestId('reviews-thanks').waitFor();
    await shop.getByTestId('item-reviewed').first().waitFor();
    await shoot(shop, 'page-209-reviews-sent');
    const requests = mail.received.filter(
      (m) => m.to.includes(BUYER) && /\/commerce\/reviews\//.test(unQuote(m.raw)),
    );
    expect(requests).toHaveLength(1);

    // The owner finds the review waiting for approval.
    await studio.goto('/config/commerce/reviews');
    await studio.getByText('Soft and true to size').waitFor();
    expect(await studio.getByText('Washed it twice, still like new.').count()).toBeGreaterThan(0);

    // The owner previews what a buyer of the digital product receives (210); a visitor cannot.
    await studio.goto('/commerce/digital-preview');
    await studio.getByTestId('preview-mail').waitFor();
    expect(await studio.getByTestId('preview-mail').textContent()).toContain('Lightroom Presets');
    await shoot(studio, 'page-210-digital-preview');
    expect((await shop.request.get('/commerce/digital-preview')).status()).toBe(404);
  });
});
