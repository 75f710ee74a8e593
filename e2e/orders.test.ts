import { type APIRequestContext, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const BUYER = 'grace@example.com';
/** Screenshots a person looks at (the list and the detail), besides the failure shots. */
const SHOTS = process.env.ORDERS_SHOTS_DIR ?? '';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
let buyer: APIRequestContext;

/** A visitor buys two tees through the API, paying with a card turned into a token. */
async function placeOrderThroughApi(): Promise<{ id: string; orderNumber: number }> {
  buyer = await request.newContext({ baseURL: server.url });
  await buyer.get('/');
  const crumb = (await buyer.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const headers = { 'x-csrf-token': crumb };
  const item = (await (await buyer.get('/shop/p/classic-tee?format=json')).json()).item;
  const added = await buyer.post('/api/commerce/shopping-cart/entries', {
    headers,
    data: { itemId: item.id, sku: 'TEE-NAV-M', quantity: 2 },
  });
  expect(added.status()).toBe(200);
  const cart = await (await buyer.get('/api/commerce/shopping-cart')).json();
  const card = await buyer.post('/api/commerce/payments/test/tokens', {
    headers,
    data: { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  });
  expect(card.status()).toBe(201);
  const checkout = await buyer.post('/api/commerce/checkout', {
    headers,
    data: {
      email: BUYER,
      shippingAddress: {
        firstName: 'Grace',
        lastName: 'Hopper',
        address1: '1 Compiler Lane',
        city: 'Arlington',
        region: 'VA',
        postalCode: '22201',
        country: 'US',
      },
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: (await card.json()).token },
    },
  });
  expect(checkout.status()).toBe(200);
  const { order } = await checkout.json();
  expect(order.status).toBe('PAID');
  return { id: order.id, orderNumber: order.orderNumber };
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await buyer?.dispose();
  await server?.stop();
});

describe('the owner’s orders in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('shows an order placed through the API, opens it and marks it fulfilled; the mail is in the outbox', async () => {
    const placed = await placeOrderThroughApi();
    browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    const { page } = browser;
    page.setDefaultTimeout(15_000);

    await page.goto('/config/commerce/orders');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));

    // Commerce → Orders.
    await page.getByRole('link', { name: 'Commerce', exact: true }).click();
    await page.getByRole('navigation', { name: 'Store' }).getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL('**/config/commerce/orders');
    const row = page.locator('tr', { has: page.getByRole('link', { name: `#${placed.orderNumber}` }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(BUYER);
    expect(await row.textContent()).toContain('Paid');
    expect(await row.textContent()).toContain('Test mode');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/orders-list.png`, fullPage: true });
    // The search finds it by e-mail and a status filter without it hides it.
    await page.getByPlaceholder('Search by order number, e-mail or SKU').fill('grace@');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
    await page.getByLabel('Status').selectOption('FULFILLED');
    await page.getByText('No orders match.').waitFor();
    await page.getByLabel('Status').selectOption('');
    await row.waitFor();
    // A slow answer for a filter the owner already left never replaces the newer list.
    const slow = (url: URL) =>
      url.pathname === '/api/commerce/orders' && url.searchParams.get('status') === 'FULFILLED';
    await page.route(slow, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    const late = page.waitForResponse((res) => slow(new URL(res.url())));
    await page.getByLabel('Status').selectOption('FULFILLED');
    await page.getByLabel('Status').selectOption('');
    await row.waitFor();
    await late;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(await row.isVisible()).toBe(true);
    expect(await page.getByText('No orders match.').count()).toBe(0);
    await page.unroute(slow);

    await row.getByRole('link', { name: `#${placed.orderNumber}` }).click();
    await page.waitForURL(`**/config/commerce/orders/${placed.id}`);
    await page.getByRole('heading', { name: `Order #${placed.orderNumber}` }).waitFor();
    await page.getByText('1 Compiler Lane').waitFor();
    await page.getByText('Order placed').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-detail.png`, fullPage: true });

    // Fulfil without a tracking number: told inline, nothing sent.
    await page.getByRole('button', { name: 'Mark fulfilled' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Enter a tracking number.');
    await page.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await page.getByLabel('Carrier (optional)').fill('UPS');
    await page.getByRole('button', { name: 'Mark fulfilled' }).click();
    await page.locator('.order-status', { hasText: 'Fulfilled' }).waitFor();
    await page.getByText('Marked fulfilled, tracking 1Z999AA10123456784 (UPS)').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-fulfilled.png`, fullPage: true });

    // A partial refund through the confirm dialog: the state stays, the timeline says so.
    await page.getByLabel('Refund amount').fill('10.00');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await page.locator('dialog').getByRole('button', { name: 'Refund', exact: true }).click();
    await page.getByText('Refunded $10.00').waitFor();
    await page.locator('.order-status', { hasText: 'Fulfilled' }).waitFor();

    const outbox = await page.evaluate(async () => (await fetch('/api/owner/outbox')).json());
    const mail = (kind: string) =>
      outbox.messages.filter(
        (m: { kind: string; subject: string }) =>
          m.kind === kind && m.subject.includes(`#${placed.orderNumber}`),
      );
    expect(mail('order-receipt').map((m: { to: string }) => m.to)).toEqual([BUYER]);
    expect(mail('order-notice').map((m: { to: string }) => m.to)).toEqual([OWNER.email]);
    const [shipped] = mail('order-shipped');
    expect(shipped.to).toBe(BUYER);
    expect(shipped.text).toContain('Tracking number: 1Z999AA10123456784 (UPS)');
    expect(mail('order-receipt')[0].text).toContain('Classic Tee');
    expect(mail('order-refunded').map((m: { subject: string }) => m.subject)).toEqual([
      `Partial refund for order #${placed.orderNumber}`,
    ]);
  });
});
