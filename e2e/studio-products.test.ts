import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
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
  // The studio bundle is built once for all browser tests (e2e/global-setup.ts).
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };

/** A Node-side visitor: keeps its cookies and echoes the crumb, as the storefront does. */
async function visitor(base: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const [name = '', ...rest] = pair.split('=');
      jar.set(name.trim(), rest.join('='));
    }
  };
  remember(await fetch(`${base}/`));
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': jar.get('crumb') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    remember(res);
    return { status: res.status, json: await res.json() };
  };
}

/**
 * Screenshots for review go to e2e/artifacts and, when SHOTS_DIR is set, there too. The studio
 * scrolls inside its panes, so the window grows to the screen's height for the picture.
 */
async function shot(name: string) {
  const { page } = browser as LaunchedBrowser;
  const height = await page.evaluate(() => document.querySelector('.commerce__main')?.scrollHeight ?? 900);
  await page.setViewportSize({ width: 1440, height: Math.max(900, height + 60) });
  const file = await (browser as LaunchedBrowser).screenshot(name);
  await page.setViewportSize({ width: 1440, height: 900 });
  const dir = process.env.SHOTS_DIR;
  if (dir && fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(file, path.join(dir, path.basename(file)));
  }
}

describe('the product and inventory screens in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('creates a product with two options, sells it on /shop to a buyer, fulfils the order, edits stock and sends the restock mails', async () => {
    const { page } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    await page.goto('/config/commerce/products');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/commerce/products');

    // A site without a store gets "Create a store" (the stores call answers none, once): the
    // form creates a real second store, linked in the main navigation.
    await page.getByRole('link', { name: 'Stoneware Mug' }).waitFor();
    await page.route('**/api/studio/stores', (route) =>
      route.fulfill({
        json: {
          stores: [],
          limits: { productsPerCollection: 200, nestedCategories: 10000, categoryLength: 25 },
        },
      }),
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Create a store' }).waitFor();
    await page.unroute('**/api/studio/stores');
    await page.getByLabel('Title').fill('Gift Shop');
    await page.getByLabel('Description').fill('Cards and wrapping.');
    await shot('studio-store-create');
    await page.getByRole('button', { name: 'Create store' }).click();
    await page.getByRole('link', { name: 'Stoneware Mug' }).waitFor();
    const stores = await page.evaluate(async () => (await fetch('/api/studio/stores')).json());
    const giftShop = stores.stores.find((s: { title: string }) => s.title === 'Gift Shop');
    expect(giftShop).toMatchObject({ urlId: 'gift-shop', enabled: true, inNavigation: true, type: 13 });
    expect(giftShop.categories.map((c: { id: string }) => c.id)).toContain(giftShop.rootCategoryId);
    expect(await (await fetch(`${server.url}/`)).text()).toContain('href="/gift-shop"');

    // The list: the demo store's products, searchable by title.
    await shot('studio-products-list');
    await page.getByLabel('Search').fill('mug');
    await page.getByLabel('Search').press('Enter');
    await expect
      .poll(() => page.locator('.product-table__link').allTextContents())
      .toEqual(['Stoneware Mug']);

    // An image in the media library to pick (uploaded as the Media panel does).
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#b4412d' } })
      .png()
      .toBuffer();
    const uploaded = await page.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('file', new File([bytes], 'harbor-tee.png', { type: 'image/png' }));
      const crumb = document.cookie.match(/(?:^|;\s*)crumb=([^;]+)/)?.[1] ?? '';
      const res = await fetch('/api/studio/media', {
        method: 'POST',
        body: form,
        headers: { 'x-csrf-token': crumb },
      });
      return res.status;
    }, png.toString('base64'));
    expect(uploaded).toBe(201);

    // A new physical product with Size S/M and Colour Red/Blue: the grid has four rows.
    await page.getByRole('button', { name: 'New product' }).click();
    await page.getByRole('button', { name: 'Physical' }).click();
    await page.waitForURL('**/config/commerce/products/new?type=1');
    // Saved without a title: the API's message shows beside the field.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .locator('#product-title[aria-invalid="true"] + .field-error')
      .getByText('Please enter a product title')
      .waitFor();
    await page.getByRole('combobox', { name: 'Store' }).selectOption({ label: 'Shop' });
    await page.getByLabel('Title').fill('Harbor Tee');
    const addOption = async (index: number, name: string, values: string[]) => {
      await page.getByRole('button', { name: 'Add option' }).click();
      await page.locator(`#option-name-${index}`).fill(name);
      await page.locator(`#option-name-${index}`).press('Enter');
      for (const value of values) {
        await page.locator(`#option-values-${index}`).fill(value);
        await page.locator(`#option-values-${index}`).press('Enter');
      }
    };
    await addOption(0, 'Size', ['S', 'M']);
    await addOption(1, 'Colour', ['Red', 'Blue']);
    const rows = page.locator('.variant-table tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect(await page.locator('.variant-table__name').allTextContents()).toEqual([
      'Size S, Colour Red',
      'Size S, Colour Blue',
      'Size M, Colour Red',
      'Size M, Colour Blue',
    ]);
    const stockOf: Record<string, string> = { 'S-Red': '4', 'S-Blue': '0', 'M-Red': '6', 'M-Blue': '2' };
    for (const [key, qty] of Object.entries(stockOf)) {
      const [size, colour] = key.split('-');
      const variant = `Size ${size}, Colour ${colour}`;
      await page.getByLabel(`SKU of ${variant}`, { exact: true }).fill(`HT-${key.toUpperCase()}`);
      await page.getByLabel(`Price of ${variant}`, { exact: true }).fill(size === 'S' ? '24.50' : '26');
      await page.getByLabel(`Stock of ${variant}`, { exact: true }).fill(qty);
    }
    await page.getByLabel('Add an image').selectOption({ label: 'harbor-tee.png' });
    await page.getByLabel('Image of Size S, Colour Red').selectOption({ label: 'harbor-tee.png' });
    await page.getByLabel('Offer back-in-stock e-mails when sold out').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/config\/commerce\/products\/(?!new)[^/?]+$/);
    await page.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    const productId = decodeURIComponent(page.url().split('/').pop() ?? '');
    // Prices went out as minor units: the saved product answers 2450 and 2600.
    const saved = await page.evaluate(
      async (id) => (await fetch(`/api/studio/products/${id}`)).json(),
      productId,
    );
    expect(
      saved.variants.map((v: { sku: string; priceCents: number; qtyInStock: number }) => [
        v.sku,
        v.priceCents,
        v.qtyInStock,
      ]),
    ).toEqual([
      ['HT-S-RED', 2450, 4],
      ['HT-S-BLUE', 2450, 0],
      ['HT-M-RED', 2600, 6],
      ['HT-M-BLUE', 2600, 2],
    ]);
    expect(await page.getByLabel('Price of Size S, Colour Red', { exact: true }).inputValue()).toBe('24.50');
    expect(saved.images.map((i: { assetUrl: string }) => i.assetUrl)).toEqual([
      expect.stringMatching(/^\/media\//),
    ]);
    expect(saved.variants[0].imageUrl).toBe(saved.images[0].assetUrl);
    await shot('studio-product-editor');

    // A SKU another product uses: the 409 shows on that row, and nothing is saved.
    await page.getByLabel('SKU of Size M, Colour Blue', { exact: true }).fill('MUG-WHT');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const clash = page.locator('.variant-table__row--error');
    await clash.getByText('The SKU "MUG-WHT" is already used by another variant.').waitFor();
    expect(await clash.count()).toBe(1);
    expect(await clash.locator('.variant-table__name').textContent()).toMatch(/^Size M, Colour Blue/);
    await page.getByLabel('SKU of Size M, Colour Blue', { exact: true }).fill('HT-M-BLUE');

    // The shop lists it, and its page offers both options with their values.
    const shop = await (await fetch(`${server.url}/shop`)).text();
    expect(shop).toContain('Harbor Tee');
    const visit = await browser!.context.newPage();
    await visit.goto(`${server.url}${saved.fullUrl}`);
    await visit.waitForSelector('.product-form[data-island-mounted="true"]');
    expect(await visit.locator('#variant-Size option').allTextContents()).toEqual(['Select Size', 'S', 'M']);
    expect(await visit.locator('#variant-option-Colour-Red').count()).toBe(1);
    expect(await visit.locator('#variant-option-Colour-Blue').count()).toBe(1);

    // A buyer orders M / Red through the cart and the checkout's card form …
    const buyer = `harbor-${Date.now()}@example.com`;
    await visit.selectOption('select[data-variant-option-name="Size"]', 'M');
    await visit.check('#variant-option-Colour-Red', { force: true });
    await visit.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => visit.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
    await visit.goto(`${server.url}/checkout`);
    // This browser is signed in as the owner: checkout starts from the account's e-mail, and
    // the buyer's address typed after it replaces it.
    await expect.poll(() => visit.inputValue('#checkout-email')).toBe(OWNER.email);
    await visit.fill('#checkout-email', buyer);
    await visit.fill('#checkout-firstName', 'Ada');
    await visit.fill('#checkout-lastName', 'Lovelace');
    await visit.fill('#checkout-address1', '1 Main St');
    await visit.fill('#checkout-city', 'Springfield');
    await visit.selectOption('#checkout-country', 'US');
    await visit.selectOption('#checkout-state', 'NY');
    await visit.fill('#checkout-postalCode', '12345');
    await visit.check('#checkout-shippingOptionId');
    await visit.fill('#card-number', '4242 4242 4242 4242');
    await visit.fill('#card-expiry', '12/30');
    await visit.fill('#card-cvc', '123');
    await visit.fill('#card-name', 'Ada Lovelace');
    await visit.click('button:has-text("Place order")');
    await visit.waitForURL('**/checkout/order-confirmed**');
    await visit.waitForSelector('[data-testid="order-summary"]');
    expect(await visit.textContent('[data-testid="order-summary"]')).toContain('Harbor Tee');
    await visit.close();

    // … and the owner finds it in Commerce → Orders and marks it fulfilled: the buyer's
    // receipt, the owner's notice and the shipping mail are in the outbox.
    await page.goto('/config/commerce/orders');
    const orderRow = page.locator('tbody tr').filter({ hasText: buyer });
    await orderRow.waitFor();
    await orderRow.getByRole('link').first().click();
    await page.getByText('HT-M-RED').waitFor();
    await page.getByLabel('Tracking number').fill('HT-TRACK-1');
    await page.getByRole('button', { name: 'Mark fulfilled' }).click();
    await page.locator('.order-status', { hasText: 'Fulfilled' }).waitFor();
    const orderMail = await page.evaluate(async () => (await fetch('/api/owner/outbox')).json());
    const kinds = (to: string) =>
      orderMail.messages
        .filter((m: { to: string; text: string }) => m.to === to || m.text.includes(to))
        .map((m: { kind: string }) => m.kind)
        .sort();
    expect(kinds(buyer)).toEqual(['order-notice', 'order-receipt', 'order-shipped']);
    // Back to the product for the rest.
    await page.goto(`/config/commerce/products/${encodeURIComponent(productId)}`);
    await page.getByLabel('Title').waitFor();

    // Two visitors sign up for the sold-out S / Blue.
    const blue = saved.variants.find((v: { sku: string }) => v.sku === 'HT-S-BLUE');
    const fans = [`fan-a-${Date.now()}@example.com`, `fan-b-${Date.now()}@example.com`];
    for (const email of fans) {
      const call = await visitor(server.url);
      const signup = await call('POST', '/api/site-users/account/notifications/restock', {
        productId,
        variantId: blue.id,
        siteVisitorEmail: email,
      });
      expect(signup.status).toBe(200);
    }

    // Leaving with an unsaved change asks first; "Stay" keeps the edit unsaved in the form,
    // and "Discard" then leaves it unsaved.
    await page.getByLabel('Title').fill('Harbor Tee (draft)');
    await page.getByRole('link', { name: 'Inventory' }).click();
    await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('Harbor Tee (draft)');
    expect(page.url()).toContain('/config/commerce/products/');
    await page.getByRole('link', { name: 'Inventory' }).click();
    await page
      .getByRole('dialog', { name: 'Unsaved changes' })
      .getByRole('button', { name: 'Discard' })
      .click();

    // Inventory: edit one row's stock and save.
    await page.waitForURL('**/config/commerce/inventory');
    await page.getByLabel('Search').fill('Harbor');
    await page.getByLabel('Search').press('Enter');
    await expect.poll(() => page.locator('.data-table tbody tr').count()).toBe(4);
    await page.getByLabel('Stock of HT-M-RED').fill('9');
    await page.getByRole('button', { name: /^Save changes/ }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the stock of 1 variant.' }).waitFor();
    expect(await page.getByLabel('Stock of HT-M-RED').inputValue()).toBe('9');

    // Bulk "Add stock" on the sold-out variant → the offer → one mail per signup.
    await page.getByLabel('Select HT-S-BLUE').check();
    await page.getByLabel('Add (or remove) units').fill('3');
    await page.getByRole('button', { name: 'Add stock' }).click();
    const offer = page.locator('.restock-offer');
    await offer.waitFor();
    expect(await offer.locator('.restock-offer__text').textContent()).toBe(
      '2 people are waiting for Harbor Tee / Size S, Colour Blue. Send back-in-stock e-mail?',
    );
    expect(await page.getByLabel('Stock of HT-S-BLUE').inputValue()).toBe('3');
    await shot('studio-inventory');
    await offer.getByRole('button', { name: 'Send e-mail' }).click();
    await offer.getByText('Sent 2 back-in-stock e-mails for Harbor Tee / Size S, Colour Blue.').waitFor();

    const outbox = await page.evaluate(async () => (await fetch('/api/owner/outbox')).json());
    const restockMails = outbox.messages.filter((m: { kind: string }) => m.kind === 'restock');
    expect(restockMails.map((m: { to: string }) => m.to).sort()).toEqual([...fans].sort());

    // The waiting list shows the group, nobody left waiting.
    await page.getByRole('link', { name: 'Waiting for restock' }).click();
    const group = page.locator('.data-table tbody tr').filter({ hasText: 'HT-S-BLUE' });
    await group.waitFor();
    expect(await group.locator('td').allTextContents()).toEqual(
      expect.arrayContaining(['Harbor Tee', 'Size S, Colour Blue', 'HT-S-BLUE', '2', '0']),
    );
    await shot('studio-restock-waiting');

    // Delete, confirmed: the product leaves the list and the shop.
    await page.goto(`/config/commerce/products/${encodeURIComponent(productId)}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Harbor Tee?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.waitForURL('**/config/commerce/products');
    await page.getByRole('link', { name: 'Stoneware Mug' }).waitFor();
    expect(await page.getByRole('link', { name: 'Harbor Tee' }).count()).toBe(0);
    expect((await fetch(`${server.url}${saved.fullUrl}`)).status).toBe(404);

    // Prices are typed in the store currency's major units: in yen (no minor digits) the
    // tee's 2800 minor units read 2800, not 28.00.
    const setCurrency = (currency: string) =>
      page.evaluate(async (code) => {
        const crumb = document.cookie.match(/(?:^|;\s*)crumb=([^;]+)/)?.[1] ?? '';
        const res = await fetch('/api/v1/commerce-preferences/store', {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
          body: JSON.stringify({ currency: code }),
        });
        return res.status;
      }, currency);
    expect(await setCurrency('JPY')).toBe(200);
    await page.reload();
    await page.getByRole('link', { name: 'Classic Tee' }).click();
    expect(await page.getByLabel('Price of Size S, Color Navy', { exact: true }).inputValue()).toBe('2800');
    expect(await page.getByRole('columnheader', { name: 'Price (JPY)' }).count()).toBe(1);
    expect(await setCurrency('USD')).toBe(200);
    await page.reload();
  });
  it('saves a service sold as a subscription with a form, its own button text, scarcity and a new category', async () => {
    // Same browser, still signed in as the owner by the test above.
    const { page } = browser as LaunchedBrowser;
    await page.goto('/config/commerce/products/new?type=3');
    await page.getByLabel('Title').fill('Pottery Class');
    await page.getByLabel('New category').fill('Workshops');
    await page.getByRole('button', { name: 'Add category' }).click();
    await expect.poll(() => page.getByLabel('Workshops').isChecked()).toBe(true);
    await page.getByLabel('Price of Pottery Class', { exact: true }).fill('45');
    await page.getByLabel('Unlimited (Pottery Class)').check();
    await page.getByLabel('Sell as a subscription').check();
    await page.getByLabel('Bill every').fill('2');
    await page.getByLabel('Billing unit').selectOption('WEEK');
    await page.getByLabel('Number of payments (0 = until canceled)').fill('6');
    await page.getByLabel('Additional fields form').selectOption({ label: 'Engraving' });
    await page.getByLabel('Custom add-to-cart button text').check();
    await page.getByLabel('Button text', { exact: true }).fill('Book now');
    await page.getByLabel('Show how few are left (scarcity)').check();
    await page.getByLabel('Scarcity text ({qty} is the number left)').fill('Only {qty} seats left');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Product saved.' }).waitFor();
    const id = decodeURIComponent(page.url().split('/').pop() ?? '');
    const saved = await page.evaluate(async (pid) => (await fetch(`/api/studio/products/${pid}`)).json(), id);
    const stores = await page.evaluate(async () => (await fetch('/api/studio/stores')).json());
    const workshops = stores.stores
      .flatMap((s: { categories: { id: string; displayName: string }[] }) => s.categories)
      .find((c: { displayName: string }) => c.displayName === 'Workshops');
    expect(saved).toMatchObject({
      productType: 3,
      isSubscribable: true,
      subscriptionPlan: { billingPeriod: { value: 2, unit: 'WEEK' }, numBillingCycles: 6 },
      useCustomAddButtonText: true,
      customAddButtonText: 'Book now',
      categoryIds: [workshops.id],
      merchandising: { scarcityEnabled: true, scarcityText: 'Only {qty} seats left' },
    });
    expect(saved.additionalFieldsFormId).toEqual(expect.any(String));
    expect(saved.variants).toEqual([
      expect.objectContaining({ priceCents: 4500, unlimited: true, sku: 'POTTERY-CLASS' }),
    ]);
  });
});
