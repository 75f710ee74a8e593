import { type APIRequestContext, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

const addButton = '.product-form .sqs-add-to-cart-button';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

/** Another shopper, over HTTP with the crumb echoed, as the storefront's calls do. */
async function shopper(baseURL: string) {
  const api = await request.newContext({ baseURL });
  await api.get('/');
  const crumb = (await api.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const send = (url: string, data: Record<string, unknown>) =>
    api.post(url, { data, headers: { 'x-csrf-token': crumb } });
  return { api, send };
}

async function itemOf(api: APIRequestContext, slug: string): Promise<string> {
  return (await (await api.get(`/shop/p/${slug}?format=json`)).json()).item.id;
}

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('checkout when the total changed meanwhile, in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('a gift card spent by another order: the buyer is told the new total instead of being charged it', async () => {
    // A $25 gift card, bought by someone who shares its code with two people.
    const giver = await shopper(server.url);
    await giver.send('/api/commerce/shopping-cart/entries', {
      itemId: await itemOf(giver.api, 'gift-card'),
      sku: 'GIFT-25',
      quantity: 1,
    });
    const bought = await giver.send('/api/commerce/checkout', {
      email: 'giver@example.com',
      payment: { token: 'tok_visa' },
    });
    expect(bought.status()).toBe(200);
    const code = (await bought.json()).order.giftCards[0].code as string;

    // The buyer puts the $19 presets in the cart and applies the card: nothing is due.
    browser = await launchBrowser({ baseURL: server.url });
    const { page } = browser;
    page.setDefaultTimeout(15_000);
    await page.goto('/shop/p/lightroom-presets');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click(addButton);
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
    await page.goto('/checkout');
    await page.fill('#checkout-gift-card', code);
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="checkout-paid-by-gift-cards"]');

    // Meanwhile someone else spends $19 of the card: $6 is left on it.
    const other = await shopper(server.url);
    await other.send('/api/commerce/shopping-cart/entries', {
      itemId: await itemOf(other.api, 'lightroom-presets'),
      sku: 'DIGI-PRESETS',
      quantity: 1,
    });
    expect((await other.send('/api/commerce/shopping-cart/gift-cards', { code })).status()).toBe(200);
    expect(
      (
        await other.send('/api/commerce/checkout', {
          email: 'other@example.com',
          payment: { token: 'tok_visa' },
        })
      ).status(),
    ).toBe(200);

    // The buyer places the order they were shown as paid in full: refused, told the new total.
    await page.fill('#checkout-email', 'ada@example.com');
    await page.click('button:has-text("Place order")');
    await expect
      .poll(() => page.textContent('[data-testid="checkout-error"]'))
      .toBe('Your total is now $13.00. Please review your order and place it again.');
    // The summary shows it too, and the card form is back for the $13.00.
    await expect.poll(() => page.locator('#card-number').count()).toBe(1);
    expect(await page.locator('[data-testid="checkout-paid-by-gift-cards"]').count()).toBe(0);
    await browser.screenshot('checkout-total-changed-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await browser.screenshot('checkout-total-changed-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Agreeing to it places the order, charging $13.00 to the card.
    await page.locator('#card-number').pressSequentially('4242424242424242');
    await page.locator('#card-expiry').pressSequentially('1230');
    await page.fill('#card-cvc', '123');
    await page.fill('#card-name', 'Ada Lovelace');
    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');
    await page.waitForSelector('[data-testid="order-summary"]');
    await giver.api.dispose();
    await other.api.dispose();
  });
});
