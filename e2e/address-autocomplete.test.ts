import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, callFromPage as call, startServer } from './helpers/index';
import { type SharedBrowser, launchSharedBrowser, screenshotTo } from './helpers/shared-browser';

// The checkout fills city and region from a postal code with no network: the server answers
// the address suggestions from the datasets it ships with (no Google key is set here).

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-address';
let server: RunningServer;
let shared: SharedBrowser;

beforeAll(async () => {
  server = await startServer();
  shared = await launchSharedBrowser(server.url);
}, 300_000);
afterAll(async () => {
  await shared?.close();
  await server?.stop();
});

describe('address suggestions at checkout', () => {
  it('a ZIP code fills the city and state the buyer left empty; a Canadian code the province', async () => {
    const page = await shared.open({ width: 390 });
    await page.goto('/shop');
    const tee = await call(page, 'GET', '/shop/p/classic-tee?format=json');
    const added = await call(page, 'POST', '/api/commerce/shopping-cart/entries', {
      itemId: tee.body.item.id,
      sku: 'TEE-NAV-M',
      quantity: 1,
      additionalFields: 'null',
    });
    expect(added.status).toBe(200);
    await page.goto('/checkout');
    await page.waitForSelector('#checkout-postalCode');

    await page.selectOption('#checkout-country', 'CA');
    expect(await page.inputValue('#checkout-state')).toBe('');
    await page.fill('#checkout-postalCode', 'M5V 3L9');
    await expect.poll(() => page.inputValue('#checkout-state')).toBe('ON');

    await page.selectOption('#checkout-country', 'US');
    await page.fill('#checkout-city', '');
    await page.fill('#checkout-postalCode', '12207');
    await expect.poll(() => page.inputValue('#checkout-city')).toBe('Albany');
    await expect.poll(() => page.inputValue('#checkout-state')).toBe('NY');
    await screenshotTo(SHOTS)(page, 'checkout-postal-fill');

    // What the buyer typed stays: a typed city is not replaced.
    await page.fill('#checkout-city', 'Troy');
    await page.fill('#checkout-postalCode', '12180');
    await page.waitForTimeout(1_000);
    expect(await page.inputValue('#checkout-city')).toBe('Troy');
  }, 120_000);
});
