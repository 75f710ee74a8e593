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

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const CUSTOMER = { email: 'customer@juniper-oak.test', password: 'juniper-oak-customer' };
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const addButton = '.product-form .sqs-add-to-cart-button';

/** JSON call from the page with the crumb echoed, as the runtime makes it. */

describe('site-user login in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('merges the guest cart into the account cart (same variant summed) and keeps the session cookie HttpOnly', async () => {
    const { page, context } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    await page.goto('/shop/p/classic-tee');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');

    // The account already holds 2 × Navy M (added in an earlier signed-in visit).
    expect((await call(page, 'POST', '/api/site-users/account/session', CUSTOMER)).status).toBe(200);
    const tee = await call(page, 'GET', '/shop/p/classic-tee?format=json');
    const itemId = tee.body.item.id;
    const own = await call(page, 'POST', '/api/commerce/shopping-cart/entries', {
      itemId,
      sku: 'TEE-NAV-M',
      quantity: 2,
    });
    expect(own.status).toBe(200);
    expect((await call(page, 'DELETE', '/api/site-users/account/session?cloneCart=false')).status).toBe(200);
    await context.clearCookies();

    // As a guest: add 1 × Navy M through the product page.
    await page.goto('/shop/p/classic-tee');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.selectOption('select[data-variant-option-name="Size"]', 'M');
    await page.check('#variant-option-Color-Navy', { force: true });
    await page.click(addButton);
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');

    const login = await call(page, 'POST', '/api/site-users/account/session', {
      ...CUSTOMER,
      rememberMe: true,
    });
    expect(login.status).toBe(200);
    expect(login.body.xsrfToken).toEqual(expect.any(String));
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'siteUserSession')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    const visible = await page.evaluate(() => document.cookie);
    expect(visible).not.toContain('siteUserSession');
    const info = JSON.parse(decodeURIComponent(visible.match(/SiteUserInfo=([^;]+)/)?.[1] ?? '{}'));
    expect(info.authenticated).toBe(true);

    const cart = await call(page, 'GET', '/api/commerce/shopping-cart');
    const lines = cart.body.entries.map((e: { chosenVariant: { sku: string }; quantity: number }) => [
      e.chosenVariant.sku,
      e.quantity,
    ]);
    expect(lines).toEqual([['TEE-NAV-M', 3]]);
    await page.goto('/cart');
    await expect.poll(() => page.textContent('main'), { timeout: 10_000 }).toContain('Classic Tee');

    // Sign out without the crumb: crumbFail (the runtime retries once with a fresh crumb).
    const noCrumb = await page.evaluate(async () => {
      const res = await fetch('/api/site-users/account/session', { method: 'DELETE' });
      return { status: res.status, json: await res.json() };
    });
    expect(noCrumb).toMatchObject({ status: 403, json: { crumbFail: true } });
    expect((await call(page, 'DELETE', '/api/site-users/account/session?cloneCart=true')).status).toBe(200);
    const after = JSON.parse(
      decodeURIComponent(
        (await page.evaluate(() => document.cookie)).match(/SiteUserInfo=([^;]+)/)?.[1] ?? '{}',
      ),
    );
    expect(after.authenticated).toBe(false);
  });

  // The pages are cached for everyone, so the runtime adds the link from the
  // SiteUserInfo cookie (role OWNER for owners only).
  it.each([
    ['a visitor', null],
    ['a signed-in customer', CUSTOMER],
  ] as const)('shows %s no studio link', async (_who, account) => {
    const { page, context } = browser as LaunchedBrowser;
    await context.clearCookies();
    await page.goto('/shop/p/classic-tee');
    if (account) {
      expect((await call(page, 'POST', '/api/site-users/account/session', account)).status).toBe(200);
      await page.goto('/shop/p/classic-tee');
    }
    await page.waitForSelector('html.sf-ready');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    expect(await page.locator('.sf-studio-link').count()).toBe(0);
  });

  it('shows a signed-in owner an "Edit site" link that leads to the studio', async () => {
    const { page, context } = browser as LaunchedBrowser;
    await context.clearCookies();
    await page.goto('/');
    expect((await call(page, 'POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    await page.goto('/shop/p/classic-tee');
    const link = page.locator('a.sf-studio-link');
    await link.waitFor();
    expect(await link.textContent()).toBe('Edit site');
    expect(await link.evaluate((a) => getComputedStyle(a).position)).toBe('fixed');
    await Promise.all([page.waitForURL('**/config**'), link.click()]);
    expect(new URL(page.url()).pathname).toBe('/config');

    // Signed out, the same browser sees no link.
    await page.goto('/shop/p/classic-tee');
    expect((await call(page, 'DELETE', '/api/site-users/account/session?cloneCart=false')).status).toBe(200);
    await page.goto('/shop/p/classic-tee');
    await page.waitForSelector('html.sf-ready');
    expect(await page.locator('.sf-studio-link').count()).toBe(0);
  });
});
