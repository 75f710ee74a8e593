import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callFromPage as call,
  type LaunchedBrowser,
  launchBrowser,
  type RunningServer,
  screenshotOnFailure,
  startServer,
} from './helpers/index';
import { signInAt } from './helpers/shared-browser';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const BUYER = 'keep.posted@example.com';
const LABEL = 'Send me workshop news and offers';
/** The settings section and the checkout's box, at 1280 and 390. */
const SHOTS = process.env.CHECKOUT_NEWSLETTER_SHOTS_DIR ?? '/work/shots/checkout-newsletter';

let server: RunningServer;
let owner: LaunchedBrowser | undefined;
let buyer: LaunchedBrowser | undefined;

/** Screenshots of `target` (scrolled into view) at 1280 and 390 px wide. */
async function shoot(page: Page, name: string, target: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await page.locator(target).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize(size);
}

async function fillCard(page: Page): Promise<void> {
  await page.locator('#card-number').pressSequentially('4242424242424242');
  await page.locator('#card-expiry').pressSequentially('1230');
  await page.fill('#card-cvc', '123');
  await page.fill('#card-name', 'Kim Posted');
}

beforeAll(async () => {
  server = await startServer({ build: true, timeoutMs: 300_000 });
}, 480_000);
afterAll(async () => {
  await owner?.close();
  await buyer?.close();
  await server?.stop();
});

describe('checkout newsletter box in Chromium', () => {
  screenshotOnFailure(() => buyer ?? owner);

  it('the owner turns the box on for a list; a buyer ticks it and checks out; the owner sees them on the list', {
    timeout: 300_000,
  }, async () => {
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const studio = owner.page;
    studio.setDefaultTimeout(20_000);
    await signInAt(studio, '/config/marketing/lists', OWNER);
    await studio.getByLabel('New list').fill('Shop buyers');
    await studio.getByRole('button', { name: 'Create list' }).click();
    await studio.getByRole('link', { name: 'Shop buyers' }).waitFor();

    // Store settings → Newsletter at checkout: off by default; on without a list is refused.
    await studio.goto('/config/commerce/settings');
    const section = studio.locator('#checkout-newsletter');
    const enabled = section.getByLabel('Show the newsletter box at checkout');
    await expect
      .poll(() => section.getByLabel('Checkbox label').inputValue())
      .toBe('Keep me posted with news and offers');
    expect(await enabled.isChecked()).toBe(false);
    await enabled.check();
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('A List must be selected').waitFor();
    await shoot(studio, 'settings-refused', '#checkout-newsletter');
    await section.getByLabel('Mailing list').selectOption({ label: 'Shop buyers' });
    await section.getByLabel('Checkbox label').fill(LABEL);
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Saved.').waitFor();
    const saved = await call(studio, 'GET', '/api/studio/commerce/checkout-newsletter');
    expect(saved.body).toMatchObject({ enabled: true, label: LABEL });
    await shoot(studio, 'settings', '#checkout-newsletter');

    // A buyer: the box is under the e-mail field, unticked; they tick it and pay.
    buyer = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const shop = buyer.page;
    shop.setDefaultTimeout(20_000);
    await shop.goto('/shop/p/canvas-tote');
    await shop.waitForSelector('.product-form[data-island-mounted="true"]');
    await shop.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => shop.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
    await shop.goto('/checkout');
    await shop.waitForSelector('#card-number');
    const box = shop.getByLabel(LABEL);
    expect(await box.isChecked()).toBe(false);
    await shop.fill('#checkout-email', BUYER);
    await box.check();
    await shop.fill('#checkout-firstName', 'Kim');
    await shop.fill('#checkout-lastName', 'Posted');
    await shop.fill('#checkout-address1', '1 Main St');
    await shop.fill('#checkout-city', 'Albany');
    await shop.selectOption('#checkout-state', 'NY');
    await shop.fill('#checkout-postalCode', '12207');
    if (!(await shop.isChecked('#checkout-shippingOptionId'))) await shop.check('#checkout-shippingOptionId');
    await fillCard(shop);
    await shoot(shop, 'checkout', '.checkout-opt-in');
    const sent = shop.waitForRequest((r) => r.url().endsWith('/api/commerce/checkout'));
    await shop.getByRole('button', { name: 'Place order' }).click();
    expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({
      email: BUYER,
      newsletterOptIn: true,
    });
    await shop.waitForURL('**/checkout/order-confirmed**');

    // Marketing → Mailing lists: the buyer is on the list, with checkout and the order as consent.
    await studio.goto('/config/marketing/lists');
    await studio.getByRole('link', { name: 'Shop buyers' }).click();
    const row = studio.getByRole('row', { name: /keep\.posted@example\.com/ });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toMatch(/checkout: order #\d+/);
  });
});
