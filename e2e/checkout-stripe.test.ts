import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Page, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../packages/server/test/support/fake-stripe';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
  withScreenshot,
} from './helpers/index';

// The buyer pays through Stripe's own card field (Stripe.js and its frames served by the
// local Stripe stand-in, on another origin than the shop): the number is typed into Stripe's
// frame and only a PaymentMethod id reaches the shop's server.

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const PK = 'pk_test_51JuniperElementsPublishable';
const SK = 'sk_test_51JuniperElementsSecret9876';
const NUMBERS = /4242 ?4242 ?4242 ?4242|4000 ?0027 ?6000 ?3184|4000 ?0000 ?0000 ?0002/;

let fake: FakeStripe;
let server: RunningServer;
let owner: APIRequestContext;
let crumb = '';
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  fake = await startFakeStripe();
  server = await startServer({
    env: {
      STRIPE_API_BASE: fake.url,
      STRIPE_JS_URL: `${fake.url}/js/v3/`,
      SECRETS_KEY: randomBytes(32).toString('base64'),
    },
  });
  owner = await request.newContext({ baseURL: server.url });
  await owner.get('/');
  crumb = (await owner.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const session = await owner.post('/api/site-users/account/session', {
    data: OWNER,
    headers: { 'x-csrf-token': crumb },
  });
  expect(session.status()).toBe(200);
});
afterAll(async () => {
  await browser?.close();
  await owner?.dispose();
  await server?.stop();
  await fake?.close();
});

/** The page's Content-Security-Policy as directive → sources. */
async function policyOf(url: string): Promise<Record<string, string[]>> {
  const res = await fetch(`${server.url}${url}`);
  return Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );
}

/** Put one of `slug` in the (empty) cart, or keep the cart as it is, and open the checkout with the e-mail typed. */
async function toCheckout(page: Page, slug: string | null): Promise<void> {
  if (slug) {
    await page.goto(`/shop/p/${slug}`);
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
  }
  await page.goto('/checkout');
  await page.waitForSelector('#stripe-card iframe');
  await page.fill('#checkout-email', 'ada@example.com');
}

/** Type the card into Stripe's frame, as a buyer does (number, MM/YY, CVC). */
async function typeCard(page: Page, number: string): Promise<void> {
  const frame = page.frameLocator('#stripe-card iframe');
  await frame.locator('#number').pressSequentially(number);
  await frame.locator('#exp').pressSequentially('1230');
  await frame.locator('#cvc').pressSequentially('123');
}

/**
 * A full-page screenshot at `width`. The viewport is made as tall as the page while it is
 * taken: Stripe's frames are other origins, drawn by their own process, and Chromium leaves a
 * frame outside the viewport blank in a full-page capture.
 */
async function shoot(launched: LaunchedBrowser, name: string, width: number): Promise<void> {
  const { page } = launched;
  await page.setViewportSize({ width, height: 900 });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width, height });
  // Two animation frames (a frame the browser does not draw gets no callback: at most 300 ms).
  for (const frame of page.frames())
    await frame.evaluate(
      () =>
        new Promise((painted) => {
          requestAnimationFrame(() => requestAnimationFrame(painted));
          setTimeout(painted, 300);
        }),
    );
  await launched.screenshot(`${name}-${width}`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('checkout with Stripe Elements in Chromium', () => {
  screenshotOnFailure(() => browser);
  const sentToShop: string[] = [];
  const checkoutBodies: string[] = [];
  const violations: string[] = [];

  it('test mode adds no Stripe origin to the checkout page; connecting Stripe adds them to the checkout only', async () => {
    const strict = await policyOf('/checkout');
    expect(JSON.stringify(strict)).not.toContain(fake.url);
    expect(strict['script-src']).toEqual(["'self'"]);

    const saved = await owner.put('/api/owner/store/payments', {
      data: { provider: 'stripe', captureMode: 'automatic', publishableKey: PK, secretKey: SK },
      headers: { 'x-csrf-token': crumb },
    });
    expect(saved.status()).toBe(200);

    const checkout = await policyOf('/checkout');
    expect(checkout['script-src']).toEqual(["'self'", fake.url]);
    expect(checkout['frame-src']).toEqual(["'self'", fake.url]);
    expect(checkout['connect-src']).toEqual(["'self'", fake.url]);
    for (const url of ['/', '/cart', '/shop/p/canvas-tote'])
      expect(JSON.stringify(await policyOf(url)), url).not.toContain(fake.url);
  });

  it("pays with 4242… typed into Stripe's field: order confirmed, the PaymentIntent succeeded", async () => {
    browser = await launchBrowser({ baseURL: server.url });
    const launched = browser;
    const { page } = launched;
    page.setDefaultTimeout(15_000);
    page.on('request', (r) => {
      if (!r.url().startsWith(server.url)) return;
      sentToShop.push(`${r.url()} ${r.postData() ?? ''}`);
      if (r.url().endsWith('/api/commerce/checkout')) checkoutBodies.push(r.postData() ?? '');
    });
    page.on('console', (m) => /Content.Security.Policy/i.test(m.text()) && violations.push(m.text()));

    await toCheckout(page, 'canvas-tote');
    expect(await page.locator('#card-number').count()).toBe(0); // no card field of ours
    expect(await page.textContent('[data-testid="stripe-test-note"]')).toContain('4242 4242 4242 4242');
    await page.fill('#checkout-firstName', 'Ada');
    await page.fill('#checkout-lastName', 'Lovelace');
    await page.fill('#checkout-address1', '1 Main St');
    await page.fill('#checkout-city', 'Albany');
    await page.selectOption('#checkout-state', 'NY');
    await page.fill('#checkout-postalCode', '12207');
    await page.check('#checkout-shippingOptionId');
    await page.waitForSelector('[data-testid="totals-summary"][aria-busy="false"]');

    // Stripe.js checks the card itself; its words show beside the field, and nothing is sent.
    await page.frameLocator('#stripe-card iframe').locator('#number').pressSequentially('4242');
    await page.click('button:has-text("Place order")');
    await expect.poll(() => page.textContent('#stripe-card-error')).toBe('Your card number is incomplete.');
    expect(await page.textContent('[data-testid="checkout-error"]')).toBe('Please check the card details.');
    expect(checkoutBodies).toEqual([]);
    await page.frameLocator('#stripe-card iframe').locator('#number').fill('');

    await typeCard(page, '4242424242424242');
    await expect.poll(() => page.locator('#stripe-card-error').count()).toBe(0);
    await shoot(launched, 'checkout-stripe', 390);
    await shoot(launched, 'checkout-stripe', 1280);

    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');
    await page.waitForSelector('[data-testid="order-summary"]');
    expect(await page.textContent('[data-testid="order-summary"]')).toContain('Canvas Tote');

    expect(checkoutBodies).toHaveLength(1);
    expect(JSON.parse(checkoutBodies[0] ?? '{}').payment).toEqual({
      provider: 'stripe',
      token: 'pm_card_visa',
    });
    const intents = [...fake.paymentIntents.values()].map((s) => s.intent);
    expect(intents).toHaveLength(1);
    expect(intents[0]).toMatchObject({ status: 'succeeded', payment_method: 'pm_card_visa' });
    expect(fake.requests['POST /v1/payment_methods']).toBeGreaterThanOrEqual(1);
  });

  it('3-D Secure: the bank asks in its window, Complete → order confirmed', async () => {
    const launched = browser as LaunchedBrowser;
    const { page } = launched;
    await toCheckout(page, 'lightroom-presets');
    await typeCard(page, '4000002760003184');
    await page.click('button:has-text("Place order")');

    const challenge = page.frameLocator('[data-fake-stripe="challenge"] iframe');
    await challenge.locator('#complete').waitFor();
    await withScreenshot(launched, 'checkout-stripe-3ds', async () => {
      await shoot(launched, 'checkout-stripe-3ds', 390);
      await shoot(launched, 'checkout-stripe-3ds', 1280);
    });
    const waiting = [...fake.paymentIntents.values()]
      .map((s) => s.intent)
      .find((i) => i.status === 'requires_action');
    expect(waiting?.payment_method).toBe('pm_card_threeDSecure2Required');

    await challenge.locator('#complete').click();
    await page.waitForURL('**/checkout/order-confirmed**');
    await page.waitForSelector('[data-testid="order-summary"]');
    expect(await page.textContent('[data-testid="order-summary"]')).toContain('Lightroom Presets');
    expect(fake.paymentIntents.get(waiting?.id ?? '')?.intent.status).toBe('succeeded');
  });

  it("3-D Secure failed in the bank's window: the refusal in words, nothing charged", async () => {
    const { page } = browser as LaunchedBrowser;
    await toCheckout(page, 'lightroom-presets');
    await typeCard(page, '4000002760003184');
    await page.click('button:has-text("Place order")');
    const challenge = page.frameLocator('[data-fake-stripe="challenge"] iframe');
    await challenge.locator('#fail').click();
    await expect
      .poll(() => page.textContent('[data-testid="checkout-error"]'))
      .toMatch(/failed authentication/);
    expect(await page.locator('[data-fake-stripe="challenge"]').count()).toBe(0);
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await page.isEnabled('button:has-text("Place order")')).toBe(true);
    const last = [...fake.paymentIntents.values()].at(-1)?.intent;
    expect(last).toMatchObject({ amount_received: 0, payment_method: null });
  });

  it('Stripe.js could not be loaded: the page says so, sends nothing, and Try again loads it', async () => {
    const { page } = browser as LaunchedBrowser;
    const script = `${fake.url}/js/v3/`;
    await page.route(script, (route) => route.abort());
    await page.goto('/checkout');
    await page.waitForSelector('[data-testid="payment-unavailable"]');
    const unavailable = 'Card payment could not be loaded. Check your connection and try again.';
    expect(await page.textContent('[data-testid="payment-unavailable"] .form-error')).toBe(unavailable);
    await page.fill('#checkout-email', 'ada@example.com');
    const sent = checkoutBodies.length;
    await page.click('button:has-text("Place order")');
    await expect.poll(() => page.textContent('[data-testid="checkout-error"]')).toBe(unavailable);
    expect(checkoutBodies).toHaveLength(sent);

    await page.unroute(script);
    await page.click('button:has-text("Try again")');
    await page.waitForSelector('#stripe-card iframe');
    expect(await page.locator('[data-testid="payment-unavailable"]').count()).toBe(0);
  });

  it('a declined card: the decline in words, the cart still there', async () => {
    const { page } = browser as LaunchedBrowser;
    // The cart the failed payment left: still there, still one.
    await toCheckout(page, null);
    expect(await page.textContent('[data-cart-count]')).toBe('1');
    const before = fake.paymentIntents.size;
    await typeCard(page, '4000000000000002');
    await page.click('button:has-text("Place order")');
    await expect
      .poll(() => page.textContent('[data-testid="checkout-error"]'))
      .toBe('Your card was declined.');
    expect(page.url()).toMatch(/\/checkout$/);
    expect(await page.textContent('[data-cart-count]')).toBe('1');
    await page.goto('/cart');
    await page.waitForSelector('[data-testid="cart-line"]');
    expect(await page.textContent('[data-testid="cart-line"]')).toContain('Lightroom Presets');
    expect(fake.paymentIntents.size).toBe(before + 1);

    // Across every test: no card number, expiry or CVC ever went to the shop, and the page
    // loaded Stripe's script and frames without a single policy violation.
    expect(sentToShop.length).toBeGreaterThan(0);
    for (const sent of sentToShop) expect(sent).not.toMatch(NUMBERS);
    for (const body of checkoutBodies) expect(body).not.toMatch(/"cvc"|12\/30|"number"/);
    expect(violations).toEqual([]);
  });
});
