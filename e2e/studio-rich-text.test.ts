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
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const png = (background: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background } })
    .png()
    .toBuffer();

describe('rich text, placeholders and pickers in the page editor', () => {
  screenshotOnFailure(() => browser);

  it('writes formatted, linked text over a placeholder, picks and uploads images in the picker, and publishes them', async () => {
    const { page } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    await page.goto('/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/pages');
    await page.getByLabel('Title').fill('Opening hours');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Opening hours' }).click();
    await page.getByRole('button', { name: 'Add block' }).waitFor();
    const preview = page.frameLocator('iframe[title="Page preview"]');
    const add = async (label: string) => {
      await page.getByLabel('Block type').selectOption({ label });
      await page.getByRole('button', { name: 'Add block' }).click();
    };

    // A new text block is empty: its placeholder shows, greyed, in the editor and the preview.
    await add('Text');
    const text = page.getByRole('textbox', { name: 'Text', exact: true });
    await text.waitFor();
    expect(await text.locator('p.is-editor-empty').getAttribute('data-placeholder')).toBe(
      'Write something here.',
    );
    await expect
      .poll(() => preview.locator('.rich-text .block-placeholder').textContent())
      .toBe('Write something here.');
    const toolbar = page.getByRole('toolbar', { name: 'Text formatting' });
    for (const name of [
      'Bold',
      'Italic',
      'H2 heading',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Link',
      'Undo',
      'Redo',
    ])
      expect(await toolbar.getByRole('button', { name, exact: true }).count()).toBe(1);

    // Typing replaces the placeholder; Ctrl+B makes bold; the toolbar's Bold says so.
    await text.click();
    await page.keyboard.type('Open ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('daily');
    expect(await toolbar.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' from nine. Read about us');
    await expect
      .poll(() => preview.locator('.rich-text').innerHTML())
      .toBe('<p>Open <strong>daily</strong> from nine. Read about us</p>');
    expect(await preview.locator('.block-placeholder').count()).toBe(0);

    // Link the last words to a page through the link picker (a keyboard-operable dialog).
    for (let i = 0; i < 'about us'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+k');
    const linkTo = page.getByRole('dialog', { name: 'Link to' });
    await linkTo.getByRole('tab', { name: 'Web address' }).click();
    await linkTo.getByRole('textbox', { name: 'Web address' }).fill('javascript:alert(1)');
    await linkTo.getByRole('button', { name: 'Use this link' }).click();
    await linkTo.getByRole('alert').filter({ hasText: 'Enter a web address' }).waitFor();
    await linkTo.getByRole('tab', { name: 'Page' }).click();
    await linkTo.getByPlaceholder('Search pages').fill('abo');
    await linkTo.getByRole('button', { name: /^About/ }).click();
    await linkTo.waitFor({ state: 'detached' });
    await expect
      .poll(() => preview.locator('.rich-text').innerHTML())
      .toBe('<p>Open <strong>daily</strong> from nine. Read <a href="/about">about us</a></p>');

    // An image block: the picker shows the library as thumbnails and uploads from inside it.
    await add('Image');
    await page.getByRole('button', { name: 'Choose image…' }).click();
    let picker = page.getByRole('dialog', { name: 'Choose an image' });
    await picker.getByText('No images yet. Upload one.').waitFor();
    await picker
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'counter.png', mimeType: 'image/png', buffer: await png('#7aa095') });
    await picker.getByRole('option', { name: 'counter.png', selected: true }).waitFor();
    await picker.getByLabel('Alt text').fill('Our shop counter');
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => preview.locator('.image-block img').getAttribute('alt')).toBe('Our shop counter');

    // Again: the first upload is a thumbnail now; upload a second from inside, then choose the first.
    await page.getByRole('button', { name: 'Replace image…' }).click();
    picker = page.getByRole('dialog', { name: 'Choose an image' });
    const first = picker.getByRole('option', { name: 'counter.png' });
    await first.waitFor();
    await expect
      .poll(() => first.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(300);
    await picker
      .getByLabel('Upload an image')
      .setInputFiles({ name: 'window.png', mimeType: 'image/png', buffer: await png('#c4836a') });
    await picker.getByRole('option', { name: 'window.png', selected: true }).waitFor();
    expect(await picker.getByRole('option').count()).toBe(2);
    await picker.getByPlaceholder('Search images').fill('count');
    expect(await picker.getByRole('option').count()).toBe(1);
    await first.focus();
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'detached' });
    const src = await preview.locator('.image-block img').getAttribute('src');
    expect(src).toMatch(/^\/media\/[a-f0-9]{24}\/counter\.png\?format=/);

    // A product in the product picker (picture, name, price, search).
    await add('Product');
    await page.getByRole('button', { name: 'Choose product…' }).click();
    const products = page.getByRole('dialog', { name: 'Choose a product' });
    await products.getByPlaceholder('Search products').fill('tee');
    const tee = products.getByRole('button', { name: /Classic Tee/ });
    expect(await tee.textContent()).toContain('$28.00');
    expect(await tee.locator('img').getAttribute('src')).toContain('classic-tee');
    await tee.click();
    await expect.poll(() => preview.locator('.product-card__title').textContent()).toBe('Classic Tee');

    // A form block shows its fields in the preview, as visitors will see them.
    await add('Form');
    await page.getByLabel('Form', { exact: true }).selectOption({ label: 'Contact' });
    await expect.poll(() => preview.locator('.sqs-block-form .form-item').count()).toBeGreaterThan(1);
    expect(await preview.locator('.sqs-block-form').textContent()).not.toContain('enable JavaScript');

    // Publish: the live page has the formatted, linked text, the chosen image and no placeholder.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    const live = await (await fetch(`${server.url}/opening-hours`)).text();
    expect(live).toContain(
      '<div class="rich-text"><p>Open <strong>daily</strong> from nine. Read <a href="/about">about us</a></p></div>',
    );
    expect(live).toMatch(
      /<img src="\/media\/[a-f0-9]{24}\/counter\.png\?format=[^"]+"[^>]*alt="Our shop counter"/,
    );
    expect(live).toContain('Classic Tee');
    expect(live).not.toContain('block-placeholder');
    expect(live).not.toContain('Write something here.');
  }, 180_000);
});
