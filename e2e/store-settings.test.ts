import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  repoRoot,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  if (!fs.existsSync(path.join(repoRoot, 'packages/studio/dist/index.html')))
    throw new Error('build the studio first: npm run build:bundles');
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 2400 } }); // tall: every section in one screenshot
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const shots = process.env.SHOTS_DIR;

describe('store settings in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner edits store preferences, instalments, shipping, tax and coupons; errors show by their fields; the cart follows', async () => {
    const { page, screenshot } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    const snap = async (name: string) =>
      shots ? page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true }) : screenshot(name);

    await page.goto('/config/commerce/settings');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/commerce/settings');
    await page.getByRole('heading', { name: 'Store settings' }).waitFor();
    await page.getByRole('cell', { name: 'Standard' }).waitFor();
    await snap('store-settings-1-loaded');

    // Store: only what changed is sent (spec §4), then the namespace is read again.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/v1/commerce-preferences/'))
        puts.push(r.postData() ?? '');
    });
    const store = page.locator('form#store');
    await store.getByRole('button', { name: 'Save' }).click();
    await store.getByRole('status').getByText('No changes to save.').waitFor();
    expect(puts).toEqual([]);
    await store.getByLabel('Light cart').check();
    await store.getByLabel(/Minimum order subtotal/).fill('12.50');
    await store.getByRole('button', { name: 'Save' }).click();
    await store.getByRole('status').getByText('Saved.', { exact: true }).waitFor();
    expect(puts.map((p) => JSON.parse(p))).toEqual([{ minimumOrderSubtotalCents: 1250, useLightCart: true }]);

    // Instalments: the server's per-field error shows under the field.
    const instalments = page.locator('form#instalments');
    await instalments.getByLabel(/Orders up to/).fill('20.00');
    await instalments.getByRole('button', { name: 'Save' }).click();
    await instalments.getByText('The maximum must be above the minimum.').waitFor();
    // A store in GB with Afterpay chosen: the owner is told shoppers will not see the offer.
    await store.getByLabel('Store country').fill('GB');
    await store.getByRole('button', { name: 'Save' }).click();
    await instalments
      .getByText('GB is served by Clearpay: choose it for shoppers to see the offer.')
      .waitFor();
    await instalments.getByLabel('Provider').selectOption('clearpay');
    await expect(instalments.getByText(/served by/).count()).resolves.toBe(0);

    // Shipping: a free-over, zoned option; a bad amount is refused by the form.
    const shipping = page.locator('section#shipping');
    await shipping.getByRole('button', { name: 'Add shipping option' }).click();
    await shipping.getByLabel('Name').fill('Courier NY');
    await shipping.getByLabel(/^Cost/).fill('9.999');
    await shipping.getByLabel('Ships to').fill('US-NY');
    await shipping.getByRole('button', { name: 'Add shipping option' }).last().click();
    await expect(shipping.locator('.field-error').count()).resolves.toBe(1);
    await shipping.getByLabel(/^Cost/).fill('9.00');
    await shipping.getByLabel(/Free when the subtotal reaches/).fill('75');
    await shipping.getByRole('button', { name: 'Add shipping option' }).last().click();
    await shipping.getByRole('cell', { name: 'Courier NY' }).waitFor();
    await expect(shipping.getByRole('cell', { name: 'US-NY' }).count()).resolves.toBe(1);

    // Tax: an included VAT rule.
    const tax = page.locator('section#tax');
    await tax.getByRole('button', { name: 'Add tax rule' }).click();
    await tax.getByLabel('Name').fill('UK VAT');
    await tax.getByLabel('Country').fill('GB');
    await tax.getByLabel('Rate (%)').fill('20');
    await tax.getByLabel('Prices already include this tax').check();
    await tax.getByRole('button', { name: 'Add tax rule' }).last().click();
    await tax.getByRole('cell', { name: 'UK VAT' }).waitFor();

    // Coupons: a clashing code (any case) is refused with its message by the code field.
    const coupons = page.locator('section#coupons');
    await coupons.getByRole('button', { name: 'Add coupon' }).click();
    await coupons.getByLabel('Code').fill('welcome10');
    await coupons.getByLabel(/Percent/).fill('15');
    await coupons.getByRole('button', { name: 'Add coupon' }).last().click();
    await coupons.getByText('A coupon with this code already exists.').waitFor();
    await snap('store-settings-2-errors');
    await coupons.getByLabel('Code').fill('SHIPFREE');
    await coupons.getByLabel('Discount').selectOption('FREE_SHIPPING');
    await coupons.getByLabel('Usage limit').fill('100');
    await coupons.getByRole('button', { name: 'Add coupon' }).last().click();
    await coupons.getByRole('cell', { name: 'SHIPFREE' }).waitFor();
    await expect(coupons.getByRole('cell', { name: '0 / 100' }).count()).resolves.toBe(1);
    await coupons
      .getByRole('row', { name: /SHIPFREE/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await snap('store-settings-3-saved');

    // What the owner saved prices a visitor's cart: the NY courier is offered in NY only.
    const api = async (method: string, url: string, body?: unknown, cookie = '') => {
      const res = await fetch(`${server.url}${url}`, {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return res;
    };
    const home = await api('GET', '/');
    const crumb = /crumb=([^;]+)/.exec(home.headers.getSetCookie().join(';'))?.[1] ?? '';
    const product = await (await api('GET', '/shop/p/classic-tee?format=json')).json();
    const added = await fetch(`${server.url}/api/commerce/shopping-cart/entries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` },
      body: JSON.stringify({ itemId: product.item.id, sku: 'TEE-NAV-M', quantity: 1 }),
    });
    const cart = /CART=([^;]+)/.exec(added.headers.getSetCookie().join(';'))?.[1] ?? '';
    const located = await fetch(`${server.url}/api/commerce/shopping-cart/shipping-location`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': crumb,
        cookie: `crumb=${crumb}; CART=${cart}`,
      },
      body: JSON.stringify({ country: 'US', region: 'NY' }),
    });
    const shown = (await located.json()).shoppingCart;
    expect(shown.shippingOptions.map((o: { name: string }) => o.name)).toContain('Courier NY');
  });
});
