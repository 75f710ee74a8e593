import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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
const addButton = '.product-form .sqs-add-to-cart-button';
// The file the owner sells: random bytes, so the downloaded copy can only match by being it.
const presetFile = randomBytes(256 * 1024);

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
let owner: APIRequestContext;

/** The owner, signed in over HTTP with the crumb echoed (as the studio does). */
async function signInOwner(baseURL: string): Promise<{ api: APIRequestContext; crumb: string }> {
  const api = await request.newContext({ baseURL });
  await api.get('/');
  const crumb = (await api.storageState()).cookies.find((c) => c.name === 'crumb')?.value ?? '';
  const res = await api.post('/api/site-users/account/session', {
    data: OWNER,
    headers: { 'x-csrf-token': crumb },
  });
  expect(res.status()).toBe(200);
  return { api, crumb };
}

beforeAll(async () => {
  server = await startServer();
  owner = (await signInOwner(server.url)).api;
});
afterAll(async () => {
  await browser?.close();
  await owner?.dispose();
  await server?.stop();
});

type Page = LaunchedBrowser['page'];

async function fillCard(page: Page): Promise<void> {
  await page.locator('#card-number').pressSequentially('4242424242424242');
  await page.locator('#card-expiry').pressSequentially('1230');
  await page.fill('#card-cvc', '123');
  await page.fill('#card-name', 'Ada Lovelace');
}

async function placeOrder(page: Page, email: string): Promise<void> {
  await page.waitForSelector('#card-number');
  await page.fill('#checkout-email', email);
  await fillCard(page);
  await page.click('button:has-text("Place order")');
  await page.waitForURL('**/checkout/order-confirmed**');
  await page.waitForSelector('[data-testid="order-summary"]');
}

describe('gift cards and digital downloads in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner uploads the file a digital product delivers in the studio product editor', async () => {
    browser = await launchBrowser({ baseURL: server.url });
    const { page } = browser;
    page.setDefaultTimeout(15_000);
    const item = (await (await owner.get('/shop/p/lightroom-presets?format=json')).json()).item;
    await page.goto(`/config/commerce/products/${encodeURIComponent(item.id)}`);
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const field = page.locator('[data-testid="product-file"]');
    await field.waitFor();
    // The demo is seeded with a preset file; the owner replaces it with their own.
    await expect
      .poll(() => field.locator('[data-testid="product-file-name"]').textContent())
      .toBe('juniper-oak-warm-film.xmp');
    await field.getByLabel('Replace the file (up to 200 MB)').setInputFiles({
      name: 'autumn-presets.zip',
      mimeType: 'application/zip',
      buffer: presetFile,
    });
    await expect
      .poll(() => field.locator('[data-testid="product-file-name"]').textContent())
      .toBe('autumn-presets.zip');
    await field.getByLabel('Downloads per purchase').fill('3');
    await field.getByRole('button', { name: 'Save download settings' }).click();
    await field.getByText('Saved.').waitFor();
    const stored = await (await owner.get(`/api/studio/products/${item.id}/file`)).json();
    expect(stored.file).toMatchObject({
      filename: 'autumn-presets.zip',
      bytes: presetFile.length,
      downloadLimit: 3,
    });
    await browser.close();
    browser = undefined;
  });

  it('a gift card bought for a recipient is mailed to them with its code, then spent on a download', async () => {
    browser = await launchBrowser({ baseURL: server.url });
    const { page } = browser;

    // Buy a $25 gift card and send it to Grace with a message.
    await page.goto('/shop/p/gift-card');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.selectOption('select[data-variant-option-name="Value"]', '$25');
    await page.click(addButton);
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
    await page.goto('/cart');
    await page.click('button:has-text("Send as a gift")');
    const form = page.locator('.gift-card-recipient__form');
    await form.locator('input[type="email"]').fill('not-an-email');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('[role="alert"]').textContent()).toBe('Please enter a valid email');
    await form.locator('input[type="email"]').fill('grace@example.com');
    await form.getByLabel('Recipient’s name').fill('Grace');
    await form.getByLabel('Your name').fill('Ada');
    await form.getByLabel('Message').fill('Happy birthday, Grace!');
    await form.locator('button[type="submit"]').click();
    await expect
      .poll(() => page.textContent('[data-testid="gift-recipient"]'))
      .toContain('will be e-mailed to Grace <grace@example.com>');

    await page.click('a:has-text("Checkout")');
    await placeOrder(page, 'ada@example.com');
    const code = (await page.textContent('[data-testid="gift-card-code"]'))?.trim() ?? '';
    expect(code).toMatch(/^[0-9A-F]{4}(-[0-9A-F]{4}){4}$/);

    // The mail waiting in the outbox goes to Grace and carries the code and Ada's message.
    const outbox = await (await owner.get('/api/owner/outbox')).json();
    const mail = outbox.messages.find((m: { kind: string }) => m.kind === 'gift-card');
    expect(mail).toMatchObject({ to: 'grace@example.com' });
    expect(JSON.stringify(mail)).toContain(code);
    expect(JSON.stringify(mail)).toContain('Happy birthday, Grace!');

    // Spend it: the $19 presets are paid by the card in full.
    await page.goto('/shop/p/lightroom-presets');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click(addButton);
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');
    await page.goto('/cart');
    await page.fill('#cart-gift-card', code.toLowerCase());
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid="applied-gift-card"]');
    const applied = await page.textContent('[data-testid="applied-gift-card"]');
    expect(applied).toContain(`•••• ${code.slice(-4)}`);
    expect(applied).toContain('pays $19.00 (balance $25.00)');
    expect(applied).not.toContain(code);
    await expect.poll(() => page.textContent('[data-testid="summary-total"]')).toBe('$0.00');
    await page.click('a:has-text("Checkout")');
    // Nothing is left to pay: no card is asked for.
    await page.waitForSelector('[data-testid="checkout-paid-by-gift-cards"]');
    expect(await page.locator('#card-number').count()).toBe(0);
    await page.fill('#checkout-email', 'ada@example.com');
    await page.click('button:has-text("Place order")');
    await page.waitForURL('**/checkout/order-confirmed**');
    await page.waitForSelector('[data-testid="order-summary"]');

    // The confirmation page links the download; it downloads the owner's file.
    const link = page.locator('[data-testid="download-link"]');
    expect(await link.textContent()).toBe('Download Lightroom Presets');
    expect(await page.textContent('[data-testid="order-downloads"]')).toContain('3 downloads left');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('autumn-presets.zip');
    const saved = await download.path();
    expect(fs.readFileSync(saved).equals(presetFile)).toBe(true);
  });
});
