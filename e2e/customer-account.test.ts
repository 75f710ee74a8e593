import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
  callFromPage as call,
} from './helpers/index';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

/** Where the account page's screenshots go for a person to look at. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Page = LaunchedBrowser['page'];

/** JSON call from the page with the crumb echoed, as the runtime makes it. */

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const visible = (page: Page, selector: string) => page.locator(selector).first().isVisible();

/** How many lines the header's navigation links take. */
const navRows = (page: Page) =>
  page.evaluate(
    () => new Set([...document.querySelectorAll<HTMLElement>('.site-nav > a')].map((a) => a.offsetTop)).size,
  );

describe('customer account in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('signs up from the header, finds the order it placed, saves an address and signs out', async () => {
    const { page } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    const email = `e2e-${Date.now()}@example.com`;

    // A visitor sees "Sign in" in the header, not "Account".
    await page.goto('/shop/p/classic-tee');
    await page.waitForSelector('html.sf-ready');
    expect(await visible(page, '.header-account__sign-in')).toBe(true);
    expect(await visible(page, '.header-account__account')).toBe(false);

    // Header link → the account page's forms; a short password is refused before any call.
    await page.click('.header-account__sign-in');
    await page.waitForURL('**/account');
    await page.waitForSelector('#account-create-email');
    await shoot(page, 'account-signed-out-desktop');
    await page.fill('#account-create-email', email);
    await page.fill('#account-create-password', 'short');
    await page.click('form[aria-labelledby="account-create-title"] button[type="submit"]');
    await expect.poll(() => page.textContent('#account-create-password-error')).toContain('at least 10');
    await page.fill('#account-create-password', 'a long enough password');
    await page.click('form[aria-labelledby="account-create-title"] button[type="submit"]');
    await page.waitForSelector('.account-who');
    expect(await page.textContent('.account-who')).toContain(email);
    expect(await visible(page, '.header-account__account')).toBe(true);
    expect(await visible(page, '.header-account__sign-in')).toBe(false);
    // The two links fit: the navigation stays on one line.
    expect(await navRows(page)).toBe(1);
    expect(await page.textContent('.account-empty')).toContain('No orders yet');

    // An order placed while signed in (through the API, as the checkout island does).
    const tee = await call(page, 'GET', '/shop/p/classic-tee?format=json');
    const add = await call(page, 'POST', '/api/commerce/shopping-cart/entries', {
      itemId: tee.body.item.id,
      sku: 'TEE-NAV-M',
      quantity: 2,
    });
    expect(add.status).toBe(200);
    const cart = await call(page, 'GET', '/api/commerce/shopping-cart');
    const placed = await call(page, 'POST', '/api/commerce/checkout', {
      email,
      shippingAddress: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        address1: '1 Analytical Way',
        city: 'Hudson',
        region: 'NY',
        postalCode: '12534',
        country: 'US',
      },
      shippingOptionId: cart.body.shippingOptions[0].id,
      payment: { provider: 'test', token: 'tok_visa' },
    });
    expect(placed.status).toBe(200);
    const orderNumber = placed.body.order.orderNumber as number;

    // Header "Account" → the order history → the order.
    await page.goto('/');
    await page.click('.header-account__account');
    await page.waitForSelector('.account-order-row');
    expect(await page.textContent('.account-order-row__number')).toBe(`Order #${orderNumber}`);
    expect(await page.textContent('.account-order-row__items')).toBe('2 items');
    await shoot(page, 'account-orders-desktop');
    await page.click('.account-order-row__number');
    await page.waitForSelector('.account-order');
    expect(await page.textContent('.account-order h2')).toBe(`Order #${orderNumber}`);
    expect(await page.textContent('.account-lines')).toContain('Classic Tee');
    expect(await page.textContent('.account-totals .is-total:last-child')).toMatch(/^\$\d/);
    expect(await page.textContent('.account-ship-to')).toContain('Hudson');
    await shoot(page, 'account-order-desktop');

    // Addresses: add one; as the first it becomes the default.
    await page.click('.account-tabs a[href="#addresses"]');
    await page.click('text=Add an address');
    await page.fill('#address-firstName', 'Ada');
    await page.fill('#address-lastName', 'Lovelace');
    await page.fill('#address-address1', '12 Engine Row');
    await page.fill('#address-city', 'Albany');
    await page.fill('#address-postalCode', '12207');
    await page.selectOption('#address-region', 'NY');
    await page.click('.account-address-form button[type="submit"]');
    await page.waitForSelector('.account-address');
    expect(await page.textContent('.account-address')).toContain('12 Engine Row');
    expect(await page.textContent('.account-address .account-status')).toBe('Default');
    await shoot(page, 'account-addresses-desktop');

    // Checkout starts from the account: its e-mail and default address, already priced
    // for New York; another saved address (with an apartment) can be picked and is shipped to.
    const second = await call(page, 'POST', '/api/site-users/account/addresses', {
      address: {
        firstName: 'Ada',
        lastName: 'Byron',
        address1: '5 Difference St',
        address2: 'Apt 4',
        city: 'Trenton',
        region: 'NJ',
        postalCode: '08608',
        country: 'US',
      },
    });
    expect(second.status).toBe(201);
    const again = await call(page, 'POST', '/api/commerce/shopping-cart/entries', {
      itemId: tee.body.item.id,
      sku: 'TEE-NAV-M',
      quantity: 1,
    });
    expect(again.status).toBe(200);
    await page.goto('/checkout');
    await page.waitForSelector('#checkout-saved-address');
    await expect.poll(() => page.inputValue('#checkout-address1')).toBe('12 Engine Row');
    expect(await page.inputValue('#checkout-email')).toBe(email);
    expect(await page.inputValue('#checkout-city')).toBe('Albany');
    expect(await page.inputValue('#checkout-state')).toBe('NY');
    expect(await page.inputValue('#checkout-postalCode')).toBe('12207');
    await page.selectOption('#checkout-saved-address', {
      label: 'Ada Byron, 5 Difference St, Trenton, 08608, US',
    });
    expect(await page.inputValue('#checkout-address1')).toBe('5 Difference St');
    expect(await page.inputValue('#checkout-address2')).toBe('Apt 4');
    expect(await page.inputValue('#checkout-state')).toBe('NJ');
    await page.waitForSelector('[data-testid="totals-summary"][aria-busy="false"]');
    await shoot(page, 'checkout-saved-address-desktop');
    await page.check('#checkout-shippingOptionId');
    await page.locator('#card-number').pressSequentially('4242424242424242');
    await page.locator('#card-expiry').pressSequentially('1230');
    await page.fill('#card-cvc', '123');
    await page.fill('#card-name', 'Ada Byron');
    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');
    const mine = await call(page, 'GET', '/api/site-users/account/orders');
    const newest = mine.body.orders[0];
    const detail = await call(page, 'GET', `/api/site-users/account/orders/${newest.id}`);
    expect(detail.body.order.shippingAddress).toMatchObject({
      address1: '5 Difference St',
      address2: 'Apt 4',
      city: 'Trenton',
      region: 'NJ',
    });

    // The same pages on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/account#orders');
    await page.waitForSelector('.account-order-row');
    await shoot(page, 'account-orders-phone');
    await page.goto(`/account#orders/${placed.body.order.id}`);
    await page.waitForSelector('.account-order');
    await shoot(page, 'account-order-phone');
    await page.goto('/account#addresses');
    await page.waitForSelector('.account-address');
    await shoot(page, 'account-addresses-phone');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Sign out from the header: the header says "Sign in" again and the account is closed.
    await page.goto('/');
    await page.click('.header-account__sign-out');
    await page.waitForFunction(
      () => !('signedIn' in document.documentElement.dataset) && document.readyState === 'complete',
    );
    await page.waitForSelector('.header-account__sign-in', { state: 'visible' });
    expect(await visible(page, '.header-account__account')).toBe(false);
    const after = await call(page, 'GET', '/api/site-users/account/orders');
    expect(after.status).toBe(401);
    await page.goto('/account');
    await page.waitForSelector('#account-sign-in-email');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'account-signed-out-phone');
  });

  it('treats a SiteUserInfo cookie whose session is gone as signed out', async () => {
    const { page, context } = browser as LaunchedBrowser;
    await page.setViewportSize({ width: 1280, height: 900 });
    await context.clearCookies();
    const stale = encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'gone' }));
    await context.addCookies([{ name: 'SiteUserInfo', value: stale, url: server.url }]);
    await page.goto('/');
    await page.waitForSelector('html.sf-ready');
    expect(await visible(page, '.header-account__account')).toBe(true);
    await page.click('.header-account__account');
    await page.waitForSelector('#account-sign-in-email');
    expect(await visible(page, '.header-account__sign-in')).toBe(true);
    // The server reset the cookie (a sign-out), so the next page says "Sign in" too.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'SiteUserInfo')?.value)
      .toContain('false');
    await page.goto('/');
    await page.waitForSelector('html.sf-ready');
    expect(await visible(page, '.header-account__sign-in')).toBe(true);
  });
});
