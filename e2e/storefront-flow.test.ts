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
  server = await startServer();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A fresh browser profile per test: every test starts with no cookies (no cart). */
async function fresh(): Promise<LaunchedBrowser> {
  await browser?.close();
  browser = await launchBrowser({ baseURL: server.url });
  return browser;
}

const addButton = '.product-form .sqs-add-to-cart-button';

async function fillCheckout(page: LaunchedBrowser['page']): Promise<void> {
  await page.fill('#checkout-email', 'buyer@example.com');
  await page.fill('#checkout-firstName', 'Ada');
  await page.fill('#checkout-lastName', 'Lovelace');
  await page.fill('#checkout-address1', '1 Main St');
  await page.fill('#checkout-city', 'Springfield');
  await page.selectOption('#checkout-country', 'US');
  await page.selectOption('#checkout-state', 'NY');
  await page.fill('#checkout-postalCode', '12345');
  await page.check('#checkout-shippingOptionId'); // the first shipping option
  // The test-mode card form: the card becomes a token before the order is placed.
  await page.fill('#card-number', '4242 4242 4242 4242');
  await page.fill('#card-expiry', '12/30');
  await page.fill('#card-cvc', '123');
  await page.fill('#card-name', 'Ada Lovelace');
}

describe('storefront in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('browse → variant → add → pill/header/popover → cart edits → checkout → order confirmed', async () => {
    const { page, screenshot } = await fresh();
    await page.goto('/shop');
    await page.click('a:has-text("Classic Tee")');
    await page.waitForURL('**/shop/p/classic-tee');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.selectOption('select[data-variant-option-name="Size"]', 'M');
    await page.check('#variant-option-Color-Navy', { force: true });
    await page.click(addButton);
    await expect.poll(() => page.textContent(addButton)).toBe('Adding…');
    await expect.poll(() => page.textContent(addButton), { timeout: 3000 }).toBe('Added!');
    // "Added!" ignores clicks (force: Playwright would otherwise wait for aria-disabled to clear).
    await page.click(addButton, { force: true });
    expect(await page.textContent(addButton)).toBe('Added!');
    await expect.poll(() => page.textContent(addButton), { timeout: 4000 }).toBe('Add to Cart');
    expect(await page.textContent('[data-cart-count]')).toBe('1');
    expect(await page.getAttribute('[data-testid="cart-pill"]', 'aria-label')).toBe('1 item in cart');
    expect(await page.textContent('.cart-pill__subtotal')).toBe('$28');
    await screenshot('product-page-after-add');

    await page.goto('/cart');
    await page.waitForSelector('[data-testid="cart-line"]');
    await page.fill('[data-testid="cart-line"] input[type=number]', '3');
    await page.press('[data-testid="cart-line"] input[type=number]', 'Enter');
    await expect.poll(() => page.textContent('[data-testid="summary-subtotal"]')).toBe('$84.00');
    expect(await page.textContent('[data-cart-count]')).toBe('3');
    await screenshot('cart-page');
    await page.click('button:has-text("Remove")');
    await page.waitForSelector('text=You have nothing in your shopping cart.');

    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click(addButton);
    await page.waitForSelector('[data-testid="item-added-popover"]');
    await page.goto('/checkout');
    await fillCheckout(page);
    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');
    await page.waitForSelector('[data-testid="order-summary"]');
    expect(await page.textContent('[data-testid="order-summary"]')).toContain('Canvas Tote');
    await screenshot('order-confirmed');
  });

  it('checkout shows field errors before calling the API', async () => {
    const { page } = await fresh();
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click(addButton);
    await expect.poll(() => page.textContent(addButton), { timeout: 3000 }).toBe('Added!');
    await page.goto('/checkout');
    await page.fill('#checkout-email', 'not-an-email');
    await page.click('button:has-text("Place order")');
    expect(await page.textContent('#checkout-email-error')).toContain('Email is not valid.');
    expect(await page.textContent('#checkout-city-error')).toBe('Required');
  });

  it('a sold-out variant disables the button, keeps its text and shows the restock placeholder', async () => {
    const { page } = await fresh();
    await page.goto('/shop/p/classic-tee');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.selectOption('select[data-variant-option-name="Size"]', 'L');
    await page.check('#variant-option-Color-Sand', { force: true });
    await expect.poll(() => page.getAttribute(addButton, 'aria-disabled')).toBe('true');
    expect(await page.textContent(addButton)).toBe('Add to Cart');
    await page.click(addButton, { force: true });
    expect(await page.textContent(addButton)).toBe('Add to Cart');
    await page.goto('/shop/p/stoneware-mug');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.check('#variant-option-Glaze-Blue', { force: true });
    // The placeholder is revealed (the restock widget itself is the forms issue's island).
    expect(await page.$eval('[data-island="restock"]', (el) => (el as HTMLElement).hidden)).toBe(false);
    expect(await page.getAttribute('[data-island="restock"]', 'data-sku')).toBe('MUG-BLU');
    // Hidden until now, the restock island is loaded and mounted on reveal.
    await page.waitForSelector('[data-island="restock"][data-island-mounted="true"]');
  });

  it('choosing a variant with its own image swaps the product image, and back', async () => {
    const { page } = await fresh();
    await page.goto('/shop/p/classic-tee');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    const image = '[data-product-image]';
    expect(await page.getAttribute(image, 'src')).toBe('/assets/demo/classic-tee.svg');
    expect(await page.getAttribute(image, 'srcset')).toBeTruthy();
    await page.selectOption('select[data-variant-option-name="Size"]', 'M');
    await page.check('#variant-option-Color-Sand', { force: true });
    await expect.poll(() => page.getAttribute(image, 'src')).toBe('/assets/demo/classic-tee-sand.svg');
    // The srcset named the main image's sizes, so it goes; the browser shows the new src.
    expect(await page.getAttribute(image, 'srcset')).toBeNull();
    await expect
      .poll(() => page.$eval(image, (img) => (img as HTMLImageElement).currentSrc))
      .toContain('/assets/demo/classic-tee-sand.svg');
    expect(await page.$eval(image, (img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Navy has no image of its own: the product's main image comes back.
    await page.check('#variant-option-Color-Navy', { force: true });
    await expect.poll(() => page.getAttribute(image, 'src')).toBe('/assets/demo/classic-tee.svg');
  });

  it.each([
    ['no options chosen', {}, '1', 'Please select the Size and Color options.'],
    ['one option missing', { Size: 'S' }, '1', 'Please select the Color option.'],
    ['fractional quantity', { Size: 'S', Color: 'Navy' }, '1.5', 'Quantity must be a whole number'],
    [
      'more than in stock',
      { Size: 'S', Color: 'Navy' },
      '13',
      'Sorry, we do not have enough of that item available.',
    ],
  ])('add-to-cart validation: %s', async (_name, options: Record<string, string>, quantity, message) => {
    const { page } = browser ?? (await fresh());
    await page.goto('/shop/p/classic-tee');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    if (options.Size) await page.selectOption('select[data-variant-option-name="Size"]', options.Size);
    if (options.Color) await page.check(`#variant-option-Color-${options.Color}`, { force: true });
    await page.fill('#product-quantity', quantity);
    await page.click(addButton);
    expect(await page.textContent('[data-testid="add-error"]')).toBe(message);
    expect(await page.textContent(addButton)).toBe('Add to Cart');
  });

  it('product grid: "Select Option" for 2000 ms on products with options', async () => {
    const { page } = await fresh();
    await page.goto('/shop');
    const card = page.locator('.product-card', { hasText: 'Classic Tee' });
    await card.locator('.product-card__add[data-island-mounted="true"]').waitFor();
    const button = card.locator('.sqs-add-to-cart-button');
    await button.click();
    expect(await button.textContent()).toBe('Select Option');
    await page.waitForTimeout(1500);
    expect(await button.textContent()).toBe('Select Option');
    await expect.poll(() => button.textContent(), { timeout: 2000 }).toBe('Add to Cart');
  });

  it('quick view opens the product in a dialog from the grid with the keyboard', async () => {
    const { page } = await fresh();
    await page.goto('/shop');
    await page.locator('.product-card__add[data-island-mounted="true"]').first().waitFor();
    // The buttons are wired by a chunk of their own, which may arrive after the islands.
    await page.locator('html[data-quick-view="ready"]').waitFor({ state: 'attached' });
    await page
      .locator('.product-card', { hasText: 'Zip Hoodie' })
      .locator('.sqs-product-quick-view-button')
      .focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="dialog"] [data-testid="quick-view"]');
    expect(await page.getAttribute('[role="dialog"] .quick-view__details', 'href')).toBe(
      '/shop/p/zip-hoodie',
    );
    expect(new URL(page.url()).pathname).toBe('/shop');
  });

  it('express checkout goes straight to checkout after adding', async () => {
    const { page } = await fresh();
    // The demo store has express checkout off: switch it on in the page's island data.
    await page.route('**/shop/p/canvas-tote', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('"expressCheckout":false', '"expressCheckout":true');
      await route.fulfill({ response, body });
    });
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    expect(await page.textContent(addButton)).toBe('Purchase');
    await page.click(addButton);
    await page.waitForURL('**/checkout');
  });

  it('subscription products go to subscription checkout with a cart token', async () => {
    const { page } = await fresh();
    await page.goto('/shop/p/coffee-subscription');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    expect(await page.textContent(addButton)).toBe('Subscribe');
    const sizeSelect = await page.$('select[data-variant-option-name]');
    if (sizeSelect) {
      const value = await sizeSelect.$eval('option:nth-child(2)', (o) => (o as HTMLOptionElement).value);
      await sizeSelect.selectOption(value);
    }
    await page.click(addButton);
    await page.waitForURL(/\/checkout\/subscription\?cartToken=[\w-]{16,}/);
    await page.waitForSelector('text=Subscription checkout');
    await fillCheckout(page);
    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');
    await page.waitForSelector('[data-testid="order-summary"]');
    expect(await page.textContent('[data-testid="order-summary"]')).toContain('Coffee Subscription');
  });

  it('instalment modal opens and closes with the keyboard, outside click and close button', async () => {
    const { page } = await fresh();
    await page.goto('/shop/p/zip-hoodie');
    await page.waitForSelector('[data-testid="instalment-pill"]');
    expect(await page.textContent('[data-testid="instalment-pill"]')).toContain('interest-free payments of');
    const info = page.locator('[data-testid="instalment-pill"] button');
    await info.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('[role="dialog"]');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(true);
    // The provider's info page for the shopper locale (served by us) is shown under the schedule.
    await page.waitForSelector('[role="dialog"] .instalment-info');
    expect(await page.textContent('[role="dialog"]')).toContain('Choose Afterpay as your payment method');
    expect(await page.locator('[role="dialog"] ol').first().locator('li').count()).toBe(4);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('dialog');
    await page.keyboard.press('Enter');
    await page.mouse.click(5, 5);
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    // Reopened, the info page shows at once: it was fetched once this visit.
    const infoRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/assets/instalments/') && infoRequests.push(r.url()));
    await info.click();
    await page.waitForSelector('[role="dialog"] .instalment-info');
    expect(infoRequests).toEqual([]);
    await page.click('[role="dialog"] .modal__close');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
  });

  it('the cart survives a reload through its cookies', async () => {
    const { page, context } = await fresh();
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click(addButton);
    await expect.poll(() => page.textContent('[data-cart-count]')).toBe('1');
    const cookies = await context.cookies();
    expect(cookies.some((c) => c.name === 'hasCart' || c.name === 'CART')).toBe(true);
    await page.reload();
    await expect.poll(() => page.textContent('[data-cart-count]')).toBe('1');
    expect(await page.textContent('.cart-pill__count')).toBe('1');
  });

  it('additional fields: lightbox before adding, then edited from the cart (Escape, focus kept inside)', async () => {
    const { page } = await fresh();
    await page.goto('/shop/p/engraved-necklace');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    expect(await page.textContent(addButton)).toBe('Add Engraved Necklace');
    await page.click(addButton);
    await page.waitForSelector('[role="dialog"] form');
    await page.click('[role="dialog"] button[type="submit"]');
    expect(await page.locator('[role="dialog"] .field-error').count()).toBe(2);
    await page.fill('#ff-engraving-text', 'ADA');
    await page.check('[role="dialog"] input[value="Serif"]');
    await page.click('[role="dialog"] button[type="submit"]');
    await expect.poll(() => page.textContent(addButton), { timeout: 3000 }).toBe('Added!');

    await page.goto('/cart');
    await page.waitForSelector('[data-testid="cart-line"]');
    await expect.poll(() => page.textContent('[data-testid="cart-line"]')).toContain('Name to engrave: ADA');
    await page.click('button:has-text("Edit details")');
    await page.waitForSelector('[role="dialog"] form');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    await page.click('button:has-text("Edit details")');
    await page.waitForSelector('[role="dialog"] form');
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')))).toBe(
        true,
      );
    }
    await page.fill('#ff-engraving-text', 'GRACE');
    await page.click('[role="dialog"] button[type="submit"]');
    await page.waitForSelector('[role="dialog"]', { state: 'detached' });
    await expect.poll(() => page.textContent('[data-testid="cart-line"]')).toContain('GRACE');
  });

  it.each([
    [429, {}, 'Unable to Add Item', 'Please try again in a few seconds.'],
    [
      403,
      { crumbFail: true },
      'Unable to Add Item',
      'Your session has expired. Please reload the page and try again.',
    ],
    [409, {}, 'Unable to Add Item', 'Sorry, we do not have enough of that item available.'],
  ])(
    'a failed add (%i) shows the spec alert and the button is idle again 1 s later',
    async (status, extra, title, message) => {
      const { page } = await fresh();
      await page.route('**/api/commerce/shopping-cart/entries', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'X', message: 'Sorry, we do not have enough of that item available.' },
            ...extra,
          }),
        }),
      );
      await page.goto('/shop/p/canvas-tote');
      await page.waitForSelector('.product-form[data-island-mounted="true"]');
      await page.click(addButton);
      await page.waitForSelector('[role="alertdialog"]');
      expect(await page.textContent('[role="alertdialog"] h2')).toBe(title);
      expect(await page.textContent('[role="alertdialog"] [role="alert"]')).toBe(message);
      await page.waitForTimeout(1300);
      expect(await page.getAttribute(addButton, 'data-state')).toBe('idle');
      await page.keyboard.press('Escape');
      await page.waitForSelector('[role="alertdialog"]', { state: 'detached' });
    },
  );

  it('item-added popover: replaced by a newer add, gone after 3 s; pill hidden at 0', async () => {
    const { page } = await fresh();
    await page.goto('/shop');
    expect(await page.isHidden('[data-testid="cart-pill"]')).toBe(true);
    const tote = page.locator('.product-card', { hasText: 'Canvas Tote' }).locator('.sqs-add-to-cart-button');
    const pins = page
      .locator('.product-card', { hasText: 'Enamel Pin Set' })
      .locator('.sqs-add-to-cart-button');
    await page.locator('.product-card__add[data-island-mounted="true"]').first().waitFor();
    await tote.click();
    await page.waitForSelector('[data-testid="item-added-popover"]:has-text("Canvas Tote")');
    await page.waitForTimeout(1000);
    await pins.click();
    await page.waitForSelector('[data-testid="item-added-popover"]:has-text("Enamel Pin Set")');
    expect(await page.locator('[data-testid="item-added-popover"]').count()).toBe(1);
    await page.waitForSelector('[data-testid="item-added-popover"]', { state: 'detached', timeout: 4000 });
    expect(await page.isVisible('[data-testid="cart-pill"]')).toBe(true);
    expect(await page.textContent('.cart-pill__count')).toBe('2');
  });

  it('item-added popover snaps under the visible cart link, or top right when none is visible', async () => {
    const { page } = await fresh();
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click(addButton);
    const popover = page.locator('[data-testid="item-added-popover"]');
    await popover.waitFor();
    const link = await page.locator('.header-cart').boundingBox();
    const box = await popover.boundingBox();
    expect(Math.round(box?.y ?? 0)).toBe(Math.round((link?.y ?? 0) + (link?.height ?? 0) + 8));
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(250); // scroll handling is throttled to 100 ms
    const after = await popover.boundingBox();
    const linkAfter = await page.locator('.header-cart').boundingBox();
    expect(Math.round(after?.y ?? 0)).toBe(Math.round((linkAfter?.y ?? 0) + (linkAfter?.height ?? 0) + 8));
    await popover.click();
    await popover.waitFor({ state: 'detached' });

    await page.addStyleTag({ content: '.header-cart{display:none!important}' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(2500); // button back to idle
    await page.click(addButton);
    await popover.waitFor();
    const corner = await popover.boundingBox();
    const viewport = page.viewportSize();
    expect(Math.round(corner?.y ?? 0)).toBe(16);
    expect(Math.round((viewport?.width ?? 0) - ((corner?.x ?? 0) + (corner?.width ?? 0)))).toBe(16);
  });

  it('cart page says to check the connection when offline', async () => {
    const { page, context } = await fresh();
    await page.goto('/shop/p/canvas-tote');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click(addButton);
    await expect.poll(() => page.textContent(addButton), { timeout: 3000 }).toBe('Added!');
    await page.goto('/cart');
    await page.waitForSelector('[data-testid="cart-line"]');
    await context.setOffline(true);
    await page.fill('[data-testid="cart-line"] input[type=number]', '2');
    await page.press('[data-testid="cart-line"] input[type=number]', 'Enter');
    await expect
      .poll(() => page.textContent('[data-testid="cart-error"]'))
      .toBe('Please check your internet connection.');
    await context.setOffline(false);
  });

  it('pill and header show "100+" above 100 items with the spoken label and a trimmed subtotal', async () => {
    const { page, context } = await fresh();
    await context.addCookies([{ name: 'hasCart', value: 'true', url: server.url }]);
    await page.route('**/api/commerce/shopping-cart?*', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          id: 'c',
          entries: [],
          totalQuantity: 150,
          subtotalCents: 420000,
          grandTotalCents: 420000,
        }),
      }),
    );
    await page.goto('/blog');
    await expect.poll(() => page.textContent('.cart-pill__count')).toBe('100+');
    expect(await page.getAttribute('[data-testid="cart-pill"]', 'aria-label')).toBe(
      'More than 100 items in cart',
    );
    expect(await page.textContent('.cart-pill__subtotal')).toBe('$4,200');
    expect(await page.textContent('[data-cart-count]')).toBe('100+');
  });

  it('pages read correctly with JavaScript off', async () => {
    await browser?.close();
    browser = await launchBrowser({ baseURL: server.url, javaScriptEnabled: false });
    const { page } = browser;
    await page.goto('/shop/p/classic-tee');
    expect(await page.textContent('h1')).toBe('Classic Tee');
    expect(await page.textContent('.product-price')).toContain('28.00');
    expect(await page.isVisible('select[data-variant-option-name="Size"]')).toBe(true);
    await page.goto('/shop');
    expect(await page.locator('.product-card').count()).toBe(13);
  });
});
