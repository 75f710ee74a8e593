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
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';

type Page = LaunchedBrowser['page'];

async function signIn(page: Page, url: string) {
  await page.goto(url);
  await page.waitForURL('**/config/sign-in');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${url}`);
}

/** What a button looks like: its text colour, background and corner radius as computed. */
const looks = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const s = getComputedStyle(el);
      return {
        text: el.textContent?.trim(),
        color: s.color,
        background: s.backgroundColor,
        radius: s.borderTopLeftRadius,
      };
    }),
  );

describe('translations, button shape and search in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the header, footer, theme words and a form are translated; English stays the fallback', async () => {
    const { page, context } = browser as LaunchedBrowser;
    // The studio's first screen loads its bundle on a busy machine: allow for it.
    page.setDefaultTimeout(30_000);
    await signIn(page, '/config/settings/languages');
    await page.getByLabel('Add a language').selectOption('fr-FR');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Languages saved.').waitFor();
    await page.getByLabel('Translate into').waitFor();

    await page
      .getByLabel('Header: tagline: Made slowly, sold honestly', { exact: true })
      .fill('Fait lentement');
    await page
      .getByLabel('Footer link: /about: Shipping & returns', { exact: true })
      .fill('Livraison et retours');
    await page.getByLabel('Header and menu: Sign in', { exact: true }).fill('Se connecter');
    await page.getByLabel('Header and menu: Cart', { exact: true }).fill('Panier');
    await page.getByLabel('Contact: Topic (title): Topic', { exact: true }).fill('Sujet');
    await page.getByLabel('Contact: Message (title): Message', { exact: true }).fill('Votre message');
    await page.getByLabel('Forms: Required: Required', { exact: true }).fill('Obligatoire');
    await page.getByLabel('Forms: Submit: Submit', { exact: true }).fill('Envoyer');
    await page.getByRole('button', { name: 'Save translations' }).click();
    await page.getByText('Translations saved.').waitFor();

    await context.clearCookies();
    await page.goto('/contact?lang=fr-FR');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    expect(await page.locator('.site-tagline').textContent()).toBe('Fait lentement');
    expect(await page.locator('.header-account__sign-in').textContent()).toBe('Se connecter');
    expect(await page.locator('.header-cart__label').textContent()).toBe('Panier');
    expect(await page.locator('.site-footer__links').textContent()).toContain('Livraison et retours');
    // The form island: translated labels and button; its messages in French too.
    await page.getByRole('button', { name: 'Envoyer' }).waitFor();
    await page.getByText('Sujet').first().waitFor();
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByText('Obligatoire').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/h7-contact-fr-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/contact?lang=fr-FR');
    await page.getByRole('button', { name: 'Envoyer' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/h7-contact-fr-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // Back in English: every text is the default again.
    await page.goto('/contact?lang=en-US');
    expect(await page.locator('.site-tagline').textContent()).toBe('Made slowly, sold honestly');
    expect(await page.locator('.header-account__sign-in').textContent()).toBe('Sign in');
    await page.getByRole('button', { name: 'Submit' }).waitFor();
  });

  it('after a Design save the Apply and Place order buttons are legible and follow the button shape', async () => {
    const { page, context } = browser as LaunchedBrowser;
    await context.clearCookies();
    await signIn(page, '/config/design');
    await page.getByLabel('Button shape').selectOption('square');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Design saved.').waitFor();

    await context.clearCookies();
    await page.goto('/shop/p/canvas-tote?lang=en-US');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.click('.product-form .sqs-add-to-cart-button');
    await expect.poll(() => page.textContent('[data-cart-count]'), { timeout: 5000 }).toBe('1');

    await page.goto('/cart');
    await page.locator('button:has-text("Apply")').first().waitFor();
    const cartApply = await looks(page, 'button.button--secondary');
    expect(cartApply.length).toBeGreaterThan(0);
    for (const button of cartApply) {
      expect(button.text).toBe('Apply');
      // Not white on white: the text is the accent (dark green) on the card colour.
      expect(button.color).not.toBe(button.background);
      expect(button.color).not.toBe('rgb(255, 255, 255)');
      expect(button.radius).toBe('0px');
    }
    const [checkoutLink] = await looks(page, '.cart-root a.button-link');
    expect(checkoutLink?.radius).toBe('0px');
    await page.locator('.coupon-field').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/h7-cart-square-buttons.png`, fullPage: true });

    await page.goto('/checkout');
    await page.locator('button:has-text("Place order")').waitFor();
    const [placeOrder] = await looks(page, '.checkout-root button[type="submit"]');
    expect(placeOrder?.radius).toBe('0px');
    expect(placeOrder?.color).not.toBe(placeOrder?.background);
    for (const button of await looks(page, '.checkout-root button.button--secondary')) {
      expect(button.color).not.toBe(button.background);
      expect(button.radius).toBe('0px');
    }
    await page.screenshot({ path: `${SHOTS}/h7-checkout-square-buttons.png`, fullPage: true });
  });

  it('site search finds the words of a page and of a product, with the words marked', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/search?q=two-person+studio');
    const results = page.locator('.search-results li');
    await results.first().waitFor();
    expect(await results.locator('a').first().getAttribute('href')).toBe('/about');
    expect(await results.locator('mark').first().textContent()).toMatch(/two/i);
    await page.screenshot({ path: `${SHOTS}/h7-search-1280.png`, fullPage: true });
    await page.goto('/search?q=organic+cotton');
    expect(await page.locator('.search-results a').allTextContents()).toContain('Classic Tee');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/h7-search-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
