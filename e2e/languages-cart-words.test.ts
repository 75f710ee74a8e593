import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

describe('the cart and checkout in the page language in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner translates Apply and Place order; a French cart and checkout show them, English stays', async () => {
    const { page, context } = browser as LaunchedBrowser;
    // The studio's first screen loads its bundle on a busy machine: allow for it.
    page.setDefaultTimeout(30_000);
    await page.goto('/config/settings/languages');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/settings/languages');
    await page.getByLabel('Add a language').selectOption('fr-FR');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Languages saved.').waitFor();
    await page.getByLabel('Translate into').waitFor();

    // The islands' words are among the theme words, named by where they show.
    await page.getByLabel('Cart: Apply', { exact: true }).fill('Appliquer');
    await page.getByLabel('Cart: Coupon code', { exact: true }).fill('Code promo');
    await page.getByLabel('Cart: Subtotal', { exact: true }).fill('Sous-total');
    await page.getByLabel('Checkout: Place order', { exact: true }).fill('Passer la commande');
    await page.getByRole('button', { name: 'Save translations' }).click();
    await page.getByText('Translations saved.').waitFor();

    await context.clearCookies();
    await page.goto('/shop/p/canvas-tote?lang=fr-FR');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/cart?lang=fr-FR');
    await page.locator('button:has-text("Appliquer")').first().waitFor();
    expect(await page.locator('.cart-root button:has-text("Apply")').count()).toBe(0);
    await page.getByLabel('Code promo').waitFor();
    expect(await page.locator('.totals-summary dt').first().textContent()).toBe('Sous-total');
    // Words without a translation stay English.
    await page.getByLabel('Gift card', { exact: true }).waitFor();
    await page.locator('.coupon-field').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/h8-cart-fr-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.goto('/checkout?lang=fr-FR');
    await page.locator('button[type="submit"]:has-text("Passer la commande")').waitFor();
    await page.screenshot({ path: `${SHOTS}/h8-checkout-fr-1280.png`, fullPage: true });

    await page.goto('/cart?lang=en-US');
    await page.locator('button:has-text("Apply")').first().waitFor();
    await page.getByLabel('Coupon code').waitFor();
    expect(await page.locator('.totals-summary dt').first().textContent()).toBe('Subtotal');
    await page.goto('/checkout?lang=en-US');
    await page.locator('button[type="submit"]:has-text("Place order")').waitFor();
  });
});
