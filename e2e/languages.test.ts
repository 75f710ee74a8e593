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

describe('languages in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner adds French and translates; a visitor switches to French in the header', async () => {
    const { page, context } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);

    await page.goto('/config/settings/languages');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Signing in returns to the screen that was asked for.
    await page.waitForURL('**/config/settings/languages');

    // Add French, save: the translation editor appears for it.
    await page.getByLabel('Add a language').selectOption('fr-FR');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Languages saved.').waitFor();
    await page.getByLabel('Translate into').waitFor();
    expect(await page.getByLabel('Translate into').inputValue()).toBe('fr-FR');

    // Missing translations are marked; translate the Shop page title and the Add to Cart text.
    const shopTitle = page.getByLabel('Page title: Shop', { exact: true });
    const addToCart = page.getByLabel('productAddToCartText: Add to Cart', { exact: true });
    expect(await shopTitle.getAttribute('aria-describedby')).toMatch(/-missing$/);
    await shopTitle.fill('Boutique');
    await addToCart.fill('Ajouter au panier');
    // A text block's rich text is translated in a rich-text editor, bold included.
    const aboutText = page.getByRole('textbox', {
      name: /^Translation of: Juniper & Oak is a two-person studio/,
    });
    await aboutText.click();
    await page.keyboard.type('Juniper & Oak est un ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('atelier');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' de deux personnes.');
    await aboutText.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/f5-studio-translation-rich-text.png` });
    await page.getByRole('button', { name: 'Save translations' }).click();
    await page.getByText('Translations saved.').waitFor();
    expect(await addToCart.getAttribute('aria-describedby')).toBeNull();
    await page.screenshot({ path: `${SHOTS}/f5-studio-languages.png`, fullPage: true });

    // A visitor (no owner session): English first, then French from the header switcher.
    await context.clearCookies();
    await page.goto('/shop/p/classic-tee');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
    // The switcher shows the current language; the others open below it.
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await page.locator('.site-languages summary').click();
    await page.screenshot({ path: `${SHOTS}/f5-visitor-switcher-open.png` });
    await switcher.getByRole('link', { name: 'Français' }).click();
    await page.waitForURL('**?lang=fr-FR');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/f5-visitor-product-fr.png` });

    // The choice is remembered: the shop page (no ?lang=) comes in French with its translated title.
    await page.goto('/shop');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr-FR');
    await expect(page.title()).resolves.toMatch(/^Boutique/);
    expect(await page.locator('.site-languages summary').textContent()).toBe('Français');
    expect(await page.locator('.site-languages__menu a[hreflang="fr-FR"]').getAttribute('aria-current')).toBe(
      'true',
    );
    await page.screenshot({ path: `${SHOTS}/f5-visitor-shop-fr.png` });
    await page.goto('/about');
    // (The editable region may type a space as &nbsp; next to the bold word; the editor
    // writes bold as <strong>, older ones as <b>.)
    expect(await page.locator('.rich-text').first().innerHTML()).toMatch(
      /Juniper &amp; Oak est un <(b|strong)>atelier<\/\1>(?: |&nbsp;)de deux personnes\./,
    );
    await page.goto('/shop');

    // Back to English from the switcher.
    await page.locator('.site-languages summary').click();
    await switcher.getByRole('link', { name: 'English' }).click();
    await page.waitForURL('**?lang=en-US');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    await expect(page.title()).resolves.toMatch(/^Shop/);

    // On a phone the switcher is in the header's menu, its own menu inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.click('[data-menu-toggle]');
    await page.locator('.site-languages summary').click();
    const menu = await page.locator('.site-languages__menu').boundingBox();
    expect(menu && menu.x >= 0 && menu.x + menu.width <= 390).toBe(true);
    await page.screenshot({ path: `${SHOTS}/f5-visitor-phone.png` });

    // The owner turns multilingual off (after confirming): the switcher and the French text go.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/config/settings/languages');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/settings/languages');
    await page.getByRole('button', { name: 'Turn multilingual off' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove languages' }).click();
    await page.getByText('Multilingual is off.').waitFor();
    expect(await page.getByLabel('Translate into').count()).toBe(0);
    await context.clearCookies();
    await page.goto('/shop/p/classic-tee?lang=fr-FR');
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(await page.locator('.site-languages').count()).toBe(0);
    await page.getByRole('button', { name: 'Add to Cart' }).first().waitFor();
  });
});
