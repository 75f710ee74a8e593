import type { Page } from 'playwright-core';
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

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The boxes of a section's blocks on a site page, by block type. */
function blockBoxes(page: Page) {
  return page.evaluate(() => {
    const section = document.querySelector('.page-section--set');
    const out: Record<string, { x: number; y: number; width: number; height: number }> = {};
    for (const el of section?.querySelectorAll<HTMLElement>('.sqs-block') ?? []) {
      const r = el.getBoundingClientRect();
      out[el.dataset.blockType ?? ''] = { x: r.x, y: r.y, width: r.width, height: r.height };
    }
    return out;
  });
}

describe('sections with backgrounds, padding and a grid', () => {
  screenshotOnFailure(() => browser);

  it('adds a hero from the templates, sets its image, focal point and padding, and publishes it as previewed', async () => {
    const { page } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    await page.goto('/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/pages');

    await page.getByRole('link', { name: 'Media' }).click();
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#6b4f3a' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload images')
      .setInputFiles({ name: 'Kiln.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Delete Kiln.png' }).waitFor();

    await page.getByRole('link', { name: 'Pages' }).click();
    await page.getByLabel('Title').fill('Studio days');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Studio days' }).click();
    const preview = page.frameLocator('iframe[title="Page preview"]');

    // The menu lists each template with what it is for.
    await page.getByRole('button', { name: 'Add section' }).click();
    const menu = page.getByRole('list', { name: 'Sections to add' });
    await expect(menu.getByRole('button').allTextContents()).resolves.toContain(
      'HeroA big heading, a line of text and a button over a background.',
    );
    await menu.getByRole('button', { name: /^Hero/ }).click();
    const hero = preview.locator('.page-section--set');
    await hero.waitFor();
    await expect(hero.getAttribute('class')).resolves.toContain('page-section--dark');

    // Background image from the library; a click on the thumbnail sets the focal point.
    const panel = page.getByRole('region', { name: 'Section settings' });
    await panel.getByRole('button', { name: /Kiln/ }).click();
    const image = preview.locator('.section-background__image');
    await image.waitFor();
    await expect(image.getAttribute('src')).resolves.toMatch(
      /^\/media\/[a-f0-9]{24}\/kiln\.png\?format=1500w$/,
    );
    const picker = panel.getByRole('button', { name: /^Focal point/ });
    await picker.scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        picker.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    const box = await picker.boundingBox();
    if (!box) throw new Error('no focal point picker');
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
    await expect.poll(() => image.getAttribute('style')).toBe('object-position:25% 75%');
    await expect(picker.getAttribute('aria-label')).resolves.toContain('25% from the left, 75% from the top');

    await panel.getByLabel('Small').check();
    await expect.poll(() => hero.getAttribute('class')).toContain('page-section--pad-small');

    // A stacked section can be turned into a grid that looks as it did: full width, in order.
    await page.getByRole('button', { name: 'Add section' }).click();
    await page
      .getByRole('list', { name: 'Sections to add' })
      .getByRole('button', { name: /^Blank/ })
      .click();
    await page.getByLabel('Block type').selectOption({ label: 'Quote' });
    await page.getByRole('button', { name: 'Add block' }).click();
    const quote = preview.locator('.sqs-block-quote');
    await quote.waitFor();
    expect(await quote.getAttribute('style')).toBeNull();
    await panel.getByLabel('Section to edit').selectOption({ label: 'Section 3 (1 block)' });
    await panel.getByRole('button', { name: 'Arrange in a grid' }).click();
    await expect.poll(() => quote.getAttribute('style')).toContain('--col:1 / span 12;--row:1 / span 1');
    await expect(panel.getByRole('button', { name: 'Stack the blocks instead' }).isVisible()).resolves.toBe(
      true,
    );

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published', { exact: true }).waitFor();

    // On the site: side by side rows on a wide screen, stacked full width on a phone.
    await page.goto('/studio-days');
    const wide = await blockBoxes(page);
    expect(wide.heading?.width).toBeGreaterThan(500);
    expect(wide.button?.width).toBeLessThan((wide.heading?.width ?? 0) * 0.6);
    await expect(page.locator('.section-background__image').getAttribute('style')).resolves.toBe(
      'object-position:25% 75%',
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    const narrow = await blockBoxes(page);
    expect(narrow.heading?.width).toBeCloseTo(narrow.text?.width ?? 0, 0);
    expect(narrow.button?.width).toBeCloseTo(narrow.text?.width ?? 0, 0);
    expect(narrow.text?.y).toBeGreaterThan((narrow.heading?.y ?? 0) + (narrow.heading?.height ?? 0) - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
