import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';
import { signInToStudio } from './helpers/studio-screens';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHIP_TO = {
  firstName: 'Grace',
  lastName: 'Hopper',
  address1: '1 Compiler Way',
  city: 'Arlington',
  region: 'VA',
  postalCode: '22201',
  country: 'US',
};

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A visitor's JSON call from the page (the crumb cookie the page set goes in the header). */
async function visitorCall(page: Page, method: 'GET' | 'POST', url: string, data?: object) {
  const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  const res = await page.request.fetch(url, { method, headers: { 'x-csrf-token': crumb }, data });
  expect(res.status(), `${method} ${url}`).toBeLessThan(300);
  return res.json();
}

describe('the owner screens in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('approves and replies to a review, sets up the popup, opens a customer’s orders, issues and disables a gift card', async () => {
    const { page, screenshot } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);

    // A visitor writes a review of the tote and buys a tee (shipped to Grace Hopper).
    await page.goto('/shop/p/canvas-tote');
    const tote = (await visitorCall(page, 'GET', '/shop/p/canvas-tote?format=json')).item;
    await visitorCall(page, 'POST', `/api/commerce/products/${tote.id}/reviews`, {
      rating: 5,
      title: 'Carries everything',
      body: 'Groceries, books and a laptop. Still looks new.',
      authorName: 'Grace H.',
      email: 'grace@example.com',
    });
    const tee = (await visitorCall(page, 'GET', '/shop/p/classic-tee?format=json')).item;
    await visitorCall(page, 'POST', '/api/commerce/shopping-cart/entries', {
      itemId: tee.id,
      sku: 'TEE-NAV-M',
      quantity: 1,
    });
    const cart = await visitorCall(page, 'GET', '/api/commerce/shopping-cart');
    await visitorCall(page, 'POST', '/api/commerce/checkout', {
      email: 'grace@example.com',
      shippingAddress: SHIP_TO,
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { provider: 'test', token: 'tok_visa' },
    });
    await page.context().clearCookies();

    await signInToStudio(page, OWNER.email, OWNER.password);

    // Reviews: the pending one is first; approve it, then reply from the Approved list.
    await page.getByRole('link', { name: 'Commerce' }).click();
    await page.getByRole('link', { name: 'Reviews' }).click();
    await page.waitForURL('**/config/commerce/reviews');
    const pending = page.locator('tr', { hasText: 'Carries everything' });
    await pending.waitFor();
    await screenshot('owner-reviews');
    await pending.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('No reviews are waiting for you.').waitFor();
    await page.getByRole('button', { name: /^Approved/ }).click();
    const approved = page.locator('tr', { hasText: 'Carries everything' });
    await approved.getByRole('button', { name: 'Reply' }).click();
    await page.getByLabel('Public reply to Grace H.').fill('Thank you, Grace! Enjoy the tote.');
    await page.getByRole('button', { name: 'Save reply' }).click();
    await approved.getByTestId('owner-reply').waitFor();
    expect(await approved.getByTestId('owner-reply').textContent()).toContain('Thank you, Grace!');

    // … and the reply shows under the review on the product page.
    const shop = await page.context().newPage();
    await shop.goto('/shop/p/canvas-tote');
    await shop.click('.product-rating');
    const reply = shop
      .locator('[data-testid="review"]', { hasText: 'Carries everything' })
      .getByTestId('review-reply');
    await reply.waitFor();
    expect(await reply.textContent()).toContain('Thank you, Grace! Enjoy the tote.');

    // Popup: switch it on, opening once a visitor scrolls 30% of a page; the preview follows the typing.
    await page.getByRole('link', { name: 'Forms' }).click();
    await page.getByRole('link', { name: 'Popup' }).click();
    await page.waitForURL('**/config/forms/popup');
    await page.getByLabel('Show the popup on the site').check();
    await page.getByLabel('Title').fill('Ten percent off your first order');
    await page.getByLabel('Button label').fill('Get the code');
    expect(await page.getByTestId('popup-preview').textContent()).toContain(
      'Ten percent off your first order',
    );
    await page.getByLabel('When the visitor scrolls down').check();
    await page.getByLabel('Scrolled (percent of the page)').fill('5');
    await page.getByRole('button', { name: 'Save popup' }).click();
    await page.getByText('Scroll depth is 10 to 100 percent.').waitFor();
    await page.getByLabel('Scrolled (percent of the page)').fill('30');
    await page.getByRole('button', { name: 'Save popup' }).click();
    await page.getByText('Saved: the popup is on.').waitFor();
    await screenshot('owner-popup');
    // A page taller than the window: nothing until the visitor has scrolled 30% of it.
    await shop.setViewportSize({ width: 800, height: 600 });
    await shop.goto('/shop');
    await shop.evaluate(() => localStorage.clear());
    await shop.reload();
    await shop.waitForTimeout(500);
    expect(await shop.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 2)).toBe(
      true,
    );
    expect(await shop.locator('[data-popup-overlay]').isHidden()).toBe(true);
    await shop.mouse.wheel(0, 5000);
    await shop.locator('[data-popup-overlay] h2', { hasText: 'Ten percent off your first order' }).waitFor();
    await shop.close();

    // Customers: find Grace, open her, then her order.
    await page.getByRole('link', { name: 'Commerce' }).click();
    await page.getByRole('link', { name: 'Customers' }).click();
    await page.getByLabel('Search customers').fill('hopper');
    await page.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.waitForURL('**/config/commerce/customers/*');
    await page.getByText('1 Compiler Way').waitFor();
    await screenshot('owner-customer');
    await page.getByRole('table', { name: 'Orders' }).getByRole('link').first().click();
    await page.waitForURL(/\/config\/commerce\/orders\/[^/]+$/);
    await page.getByText('grace@example.com').first().waitFor();

    // Gift cards: issue one by hand (a wrong amount is refused first), then disable it.
    await page.getByRole('link', { name: 'Gift cards' }).click();
    await page.waitForURL('**/config/commerce/gift-cards');
    await page.getByLabel('Amount (USD)').fill('12.345');
    await page.getByLabel('Recipient e-mail').fill('friend@example.com');
    await page.getByRole('button', { name: 'Issue and e-mail' }).click();
    await page.getByText('That amount has too many decimals for the store currency.').waitFor();
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByLabel('Message (optional)').fill('Happy birthday!');
    await page.getByRole('button', { name: 'Issue and e-mail' }).click();
    await page.getByText('Issued $25.00 to friend@example.com').waitFor();
    const row = page.locator('tr', { hasText: 'friend@example.com' });
    await row.getByText('Active').waitFor();
    const code = (await row.getByTestId('gift-card-code').textContent()) ?? '';
    expect(code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){4}$/);
    await page.getByLabel('Gift card code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('status').filter({ hasText: '$25.00' }).first().waitFor();
    await row.getByRole('button', { name: 'Disable' }).click();
    await page.locator('dialog[open]').getByRole('button', { name: 'Disable' }).click();
    await row.getByText('Disabled').waitFor();
    expect(await row.getByRole('button', { name: 'Disable' }).count()).toBe(0);
    await screenshot('owner-gift-cards');
  });
});
