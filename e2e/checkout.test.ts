import { request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

// The demo store (seeded on first start) has most of what this test needs: a New York sales
// tax rule (US/NY, 8.88 %), the WELCOME10 coupon (10 % off) and two shipping options offered
// everywhere. The owner adds one offered in Canada only, so the options follow the country.

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
const CANADA_ONLY = 'Canada Post';

beforeAll(async () => {
  server = await startServer();
  const owner = await request.newContext({ baseURL: server.url });
  await owner.get('/');
  const crumb = (await owner.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  const session = await owner.post('/api/site-users/account/session', {
    data: { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' },
    headers,
  });
  expect(session.status()).toBe(200);
  const option = await owner.post('/api/studio/commerce/shipping-options', {
    data: { name: CANADA_ONLY, kind: 'FLAT', costCents: 2500, zones: [{ country: 'CA' }] },
    headers,
  });
  expect(option.status()).toBe(201);
  await owner.dispose();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Page = LaunchedBrowser['page'];

/** "$1,234.56" / "−$1.80" → cents (the summary's text, read back to check it adds up). */
const cents = (text: string | null) => {
  const n = Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);
  return /^[−-]/.test(text ?? '') ? -n : n;
};

async function summary(page: Page) {
  const read = async (id: string) =>
    (await page.locator(`[data-testid="summary-${id}"]`).count()) > 0
      ? page.textContent(`[data-testid="summary-${id}"]`)
      : null;
  return {
    subtotal: await read('subtotal'),
    discount: await read('discount'),
    shipping: await read('shipping'),
    tax: await read('tax'),
    total: await read('total'),
  };
}

/** Wait until the server's answer for the new location is shown (no update in flight). */
async function settled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="totals-summary"][aria-busy="false"]');
}

async function fillCard(page: Page, number: string): Promise<void> {
  await page.fill('#card-number', '');
  await page.locator('#card-number').pressSequentially(number.replace(/\s/g, ''));
  expect(await page.inputValue('#card-number')).toBe(number); // grouped 4-4-4-4 as typed
  await page.fill('#card-expiry', '');
  await page.locator('#card-expiry').pressSequentially('1230');
  expect(await page.inputValue('#card-expiry')).toBe('12/30');
  await page.fill('#card-cvc', '123');
  await page.fill('#card-name', 'Ada Lovelace');
}

describe('cart and checkout: shipping, tax and coupons before paying; a real card form', () => {
  screenshotOnFailure(() => browser);

  it('estimate → coupon → checkout with the address → declined card → paid', async () => {
    browser = await launchBrowser({ baseURL: server.url });
    const { page } = browser;
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.fill('#product-quantity', '2');
    await page.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('2');

    // Cart page: the estimate follows the country and region: the options offered there…
    await page.goto('/cart');
    await page.waitForSelector('#estimate-country');
    const offered = () => page.locator('.shipping-option__name').allTextContents();
    await page.selectOption('#estimate-country', 'CA');
    await expect.poll(async () => (await offered()).join()).toContain(CANADA_ONLY);
    await page.selectOption('#estimate-country', 'US');
    await expect.poll(async () => (await offered()).join()).not.toContain(CANADA_ONLY);
    expect((await offered()).length).toBeGreaterThan(0);
    // … and the tax.
    await page.selectOption('#estimate-region', 'CA');
    await settled(page);
    await expect.poll(async () => (await summary(page)).tax).toBe('$0.00');
    await page.check('#estimate-shippingOptionId');
    await expect.poll(async () => (await summary(page)).shipping).not.toBe('Choose a method');
    await page.selectOption('#estimate-region', 'NY');
    await expect.poll(async () => cents((await summary(page)).tax)).toBeGreaterThan(0);
    await settled(page);

    // Coupons, with the keyboard: an unknown code says why; a good one shows with Remove.
    await page.focus('#cart-coupon');
    await page.keyboard.type('nope');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.textContent('#cart-coupon-error')).toBe('That coupon code is not valid.');
    await page.fill('#cart-coupon', 'welcome10');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="applied-coupon"][data-code="WELCOME10"]');
    expect(await page.textContent('#cart-coupon-error')).toBe('');
    const withCoupon = await summary(page);
    expect(cents(withCoupon.discount)).toBe(-Math.round(cents(withCoupon.subtotal) / 10));
    // The total is the server's; it adds up from the lines shown.
    expect(cents(withCoupon.total)).toBe(
      cents(withCoupon.subtotal) +
        cents(withCoupon.discount) +
        cents(withCoupon.shipping) +
        cents(withCoupon.tax),
    );

    // Checkout starts from the cart's location; changing the region changes the tax again.
    await page.click('a:has-text("Checkout")');
    await page.waitForSelector('#card-number');
    expect(await page.inputValue('#checkout-country')).toBe('US');
    expect(await page.inputValue('#checkout-state')).toBe('NY');
    expect((await summary(page)).tax).toBe(withCoupon.tax);
    expect(await page.isChecked('#checkout-shippingOptionId')).toBe(true);
    await page.selectOption('#checkout-state', 'NJ');
    await expect.poll(async () => (await summary(page)).tax).toBe('$0.00');
    await page.selectOption('#checkout-state', 'NY');
    await expect.poll(async () => (await summary(page)).tax).toBe(withCoupon.tax);
    await settled(page);
    expect(await page.textContent('[data-testid="test-mode-note"]')).toContain('4242 4242 4242 4242');

    await page.fill('#checkout-email', 'buyer@example.com');
    await page.fill('#checkout-firstName', 'Ada');
    await page.fill('#checkout-lastName', 'Lovelace');
    await page.fill('#checkout-address1', '1 Main St');
    await page.fill('#checkout-city', 'Albany');
    await page.fill('#checkout-postalCode', '12207');

    const checkoutBodies: string[] = [];
    page.on(
      'request',
      (r) => r.url().endsWith('/api/commerce/checkout') && checkoutBodies.push(r.postData() ?? ''),
    );

    // A declined card: the provider's message, and the form keeps what was typed.
    await fillCard(page, '4000 0000 0000 0002');
    await page.click('button:has-text("Place order")');
    await page.waitForSelector('[data-testid="checkout-error"]');
    expect(await page.textContent('[data-testid="checkout-error"]')).toMatch(/declined/i);
    expect(await page.inputValue('#card-number')).toBe('4000 0000 0000 0002');
    expect(await page.inputValue('#checkout-email')).toBe('buyer@example.com');
    expect(page.url()).toContain('/checkout');

    await fillCard(page, '4242 4242 4242 4242');
    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');
    await page.waitForSelector('[data-testid="order-summary"]');
    const confirmed = await page.textContent('[data-testid="order-summary"]');
    expect(confirmed).toContain('Canvas Tote');
    expect(confirmed).toContain(withCoupon.total);
    // The card went to the tokenizer only: checkout carried tokens, never the number.
    expect(checkoutBodies).toHaveLength(2);
    for (const body of checkoutBodies) {
      expect(body).not.toMatch(/4242 ?4242 ?4242 ?4242|4000 ?0000 ?0000 ?0002|"cvc"|12\/30/);
      expect(JSON.parse(body).payment).toEqual({ provider: 'test', token: expect.any(String) });
    }
  });

  it('card fields: labelled, autocompleted, errors beside each field and announced; nothing sent while wrong', async () => {
    await browser?.close();
    browser = await launchBrowser({ baseURL: server.url });
    const { page } = browser;
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
    await page.goto('/checkout');
    await page.waitForSelector('#card-number');
    const checkoutBodies: string[] = [];
    page.on(
      'request',
      (r) => r.url().endsWith('/api/commerce/checkout') && checkoutBodies.push(r.postData() ?? ''),
    );

    for (const [field, autocomplete] of [
      ['number', 'cc-number'],
      ['expiry', 'cc-exp'],
      ['cvc', 'cc-csc'],
      ['name', 'cc-name'],
    ]) {
      expect(await page.getAttribute(`#card-${field}`, 'autocomplete')).toBe(autocomplete);
      expect(await page.locator(`label[for="card-${field}"]`).count()).toBe(1);
    }
    expect(await page.getAttribute('#card-number', 'inputmode')).toBe('numeric');

    await page.click('button:has-text("Place order")');
    expect(await page.textContent('[role="alert"] [data-testid="checkout-error"]')).toBe(
      'Please check the fields marked below.',
    );
    expect(await page.textContent('#card-number-error')).toBe('Required');
    expect(await page.getAttribute('#card-number', 'aria-describedby')).toBe('card-number-error');
    await page.fill('#card-expiry', '13/30');
    await page.click('button:has-text("Place order")');
    expect(await page.textContent('#card-expiry-error')).toBe('Enter the expiry date as MM/YY.');
    expect(checkoutBodies).toEqual([]);
  });
});
