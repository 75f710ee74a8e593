import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callFromPage as call,
  type LaunchedBrowser,
  launchBrowser,
  type MailCatcher,
  type RunningServer,
  screenshotOnFailure,
  startMailCatcher,
  startServer,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const BUYER = 'lena.left@example.com';
/** The settings, the list with its totals and the reminder mail, at 1280 and 390. */
const SHOTS = process.env.ABANDONED_CART_SHOTS_DIR ?? '/work/shots/carts';

let mail: MailCatcher;
let server: RunningServer;
let owner: LaunchedBrowser | undefined;
let buyer: LaunchedBrowser | undefined;
let returning: LaunchedBrowser | undefined;

const unQuote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** The HTML part of a caught message, decoded. */
function htmlPart(raw: string): string {
  const start = raw.search(/Content-Type: text\/html/i);
  const part = raw.slice(start);
  const headEnd = part.search(/\r?\n\r?\n/);
  const head = part.slice(0, headEnd);
  const body =
    part
      .slice(headEnd)
      .replace(/^\s+/, '')
      .split(/\r?\n--/)[0] ?? '';
  if (/base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return Buffer.from(unQuote(body), 'latin1').toString('utf8');
}

async function mailTo(to: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const found = mail.received.find(
      (m) => m.to.includes(to) && /cart-recovery\/restore/.test(unQuote(m.raw)),
    );
    if (found) return found.raw;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no cart reminder to ${to}`);
}

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

beforeAll(async () => {
  mail = await startMailCatcher();
  // The reminder job looks every second here (every minute by default).
  server = await startServer({
    build: true,
    timeoutMs: 300_000,
    env: { SMTP_URL: mail.url, CART_REMINDERS_EVERY_MS: '1000' },
  });
}, 480_000);
afterAll(async () => {
  await owner?.close();
  await buyer?.close();
  await returning?.close();
  await server?.stop();
  await mail?.close();
});

describe('abandoned-cart recovery in Chromium', () => {
  screenshotOnFailure(() => returning ?? buyer ?? owner);

  it('typed e-mail → left → reminder mail → link restores the cart elsewhere → order counts as recovered', {
    timeout: 420_000,
  }, async () => {
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const studio = owner.page;
    studio.setDefaultTimeout(20_000);
    await studio.goto('/config/commerce/settings');
    await studio.waitForURL('**/config/sign-in');
    await studio.getByLabel('Email').fill(OWNER.email);
    await studio.getByLabel('Password').fill(OWNER.password);
    await studio.getByRole('button', { name: 'Sign in' }).click();
    await studio.waitForURL((url) => url.pathname.endsWith('/config/commerce/settings'));

    // The owner turns reminders on in the settings: three reminders, 1, 24 and 72 hours.
    const section = studio.locator('#abandoned-carts');
    await section.getByLabel('Send abandoned-cart reminders').check();
    await section.getByLabel('Reminders', { exact: true }).selectOption('3');
    await expect
      .poll(() => section.getByLabel('Reminder 3: hours after the cart was left').inputValue())
      .toBe('72');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByText('Saved.').waitFor();
    const saved = await call(studio, 'GET', '/api/commerce/abandoned-carts/settings');
    expect(saved.body).toMatchObject({ enabled: true, delaysMinutes: [60, 1440, 4320] });
    await section.scrollIntoViewIfNeeded();
    await shoot(studio, 'settings');
    // For the test: the first reminder at once (the job's clock is the real one).
    expect(
      (await call(studio, 'PUT', '/api/commerce/abandoned-carts/settings', { delaysMinutes: [0] })).status,
    ).toBe(200);

    // A visitor adds a tee, types an e-mail at checkout, and leaves.
    buyer = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const shop = buyer.page;
    shop.setDefaultTimeout(20_000);
    await shop.goto('/shop/p/classic-tee');
    const item = (await call(shop, 'GET', '/shop/p/classic-tee?format=json')).body.item;
    const added = await call(shop, 'POST', '/api/commerce/shopping-cart/entries', {
      itemId: item.id,
      sku: 'TEE-NAV-M',
      quantity: 2,
    });
    expect(added.status).toBe(200);
    const recorded = shop.waitForResponse((r) => r.url().endsWith('/api/commerce/shopping-cart/email'));
    await shop.goto('/checkout');
    await shop.locator('#checkout-email').fill(BUYER);
    expect(await (await recorded).json()).toEqual({ recorded: true });
    await buyer.close();
    buyer = undefined;

    // The reminder reaches the mail server, with the cart's lines and its two links.
    const raw = await mailTo(BUYER);
    const text = unQuote(raw);
    expect(text).toContain('Classic Tee');
    expect(raw).toMatch(/Subject: You left something in your cart/);
    const restore = /https?:\/\/[^\s"<>]+\/commerce\/cart-recovery\/restore\/[\w.-]+/.exec(text)?.[0] ?? '';
    expect(restore).not.toBe('');
    expect(text).toMatch(/cart-recovery\/unsubscribe\//);
    const html = htmlPart(raw);
    expect(html).toContain('Return to your cart');

    // A fresh browser (another device): the link brings the cart back, on the cart page.
    returning = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const back = returning.page;
    back.setDefaultTimeout(20_000);
    await back.setContent(html);
    await shoot(back, 'reminder-mail');
    await back.goto(new URL(restore).pathname);
    await back.waitForURL((url) => url.pathname === '/cart');
    await back.getByText('Classic Tee').first().waitFor();
    const cart = (await call(back, 'GET', '/api/commerce/shopping-cart')).body;
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0].quantity).toBe(2);

    // A tampered link: a page that says so.
    const tampered = await back.goto(`${new URL(restore).pathname.slice(0, -2)}xx`);
    expect(tampered?.status()).toBe(400);
    await back.getByText('This cart link is not valid').waitFor();

    // The order from the restored cart.
    const card = await call(back, 'POST', '/api/commerce/payments/test/tokens', {
      number: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: new Date().getFullYear() + 3,
      cvc: '123',
    });
    const placed = await call(back, 'POST', '/api/commerce/checkout', {
      email: BUYER,
      shippingAddress: {
        firstName: 'Lena',
        lastName: 'Left',
        address1: '1 Return Road',
        city: 'London',
        postalCode: 'N1 1AA',
        country: 'GB',
      },
      shippingOptionId: cart.shippingOptions[0].id,
      payment: { token: card.body.token },
    });
    expect(placed.status).toBe(200);
    const total = placed.body.order.grandTotalCents as number;

    // The owner sees it as recovered revenue.
    await studio.goto('/config/commerce/abandoned-carts');
    const list = (await call(studio, 'GET', '/api/commerce/abandoned-carts')).body;
    expect(list.totals).toMatchObject({ recovered: 1, recoveredCents: total });
    await studio.getByText('Recovered', { exact: true }).first().waitFor();
    const revenue = await studio.getByTestId('recovered-revenue').textContent();
    expect(revenue?.replace(/[^\d]/g, '')).toBe(String(total));
    await shoot(studio, 'list');
  });
});
