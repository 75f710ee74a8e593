import fs from 'node:fs';
import path from 'node:path';
import type { CDPSession, FrameLocator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFindings, seriousViolations } from './helpers/axe';
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
const SHOTS = process.env.CANVAS_SHOTS_DIR ?? path.join('e2e', 'artifacts', 'builder-canvas');

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * Real mouse input through the DevTools protocol. Playwright's own mouse checks every frame
 * for a drag starting, by running script in it, which the preview frame (sandboxed, no
 * scripts) never answers; these are the same events a person's mouse sends.
 */
function mouse(cdp: CDPSession) {
  const send = (type: string, x: number, y: number, buttons: number) =>
    cdp.send('Input.dispatchMouseEvent', {
      type: type as 'mouseMoved',
      x,
      y,
      button: type === 'mouseMoved' && !buttons ? 'none' : 'left',
      buttons,
      clickCount: type === 'mouseMoved' ? 0 : 1,
    });
  return {
    async drag(
      from: { x: number; y: number },
      to: { x: number; y: number },
      during?: () => Promise<unknown>,
    ) {
      await send('mouseMoved', from.x, from.y, 0);
      await send('mousePressed', from.x, from.y, 1);
      for (let i = 1; i <= 12; i++)
        await send('mouseMoved', from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12, 1);
      await during?.();
      await send('mouseReleased', to.x, to.y, 0);
    },
  };
}

const center = (b: { x: number; y: number; width: number; height: number }) => ({
  x: b.x + b.width / 2,
  y: b.y + b.height / 2,
});

async function box(locator: ReturnType<FrameLocator['locator']>) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

/**
 * A section's HTML and its blocks' boxes relative to the section, as laid out on a site page,
 * or in the studio's preview frame (read from the studio: the frame runs no scripts).
 */
function sectionLayout(page: Page, sectionId: string, inPreview: boolean) {
  return page.evaluate(
    async ([id, preview]) => {
      const doc = preview
        ? (document.querySelector('iframe[title="Page preview"]') as HTMLIFrameElement).contentDocument!
        : document;
      await doc.fonts.ready;
      const section = doc.querySelector(`[data-section-id="${id}"]`) as HTMLElement;
      const s = section.getBoundingClientRect();
      const blocks = [...section.querySelectorAll<HTMLElement>('[data-block-id]')].map((el) => {
        const r = el.getBoundingClientRect();
        return {
          id: el.dataset.blockId,
          x: r.left - s.left,
          y: r.top - s.top,
          width: r.width,
          height: r.height,
        };
      });
      return { html: section.outerHTML, width: s.width, viewport: doc.documentElement.clientWidth, blocks };
    },
    [sectionId, inPreview] as const,
  );
}

describe('building a page on the canvas', () => {
  screenshotOnFailure(() => browser);

  it('arranges a two-column section with a background on the page itself, for desktop and phone, and publishes it as previewed', async () => {
    const { page, context } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const cdp = await context.newCDPSession(page);
    const pointer = mouse(cdp);

    await page.goto('/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/pages');

    // An image for the section's background.
    await page.getByRole('link', { name: 'Media' }).click();
    const png = await sharp({
      create: { width: 1600, height: 900, channels: 3, background: '#35594e' },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1600" height="900"><circle cx="1200" cy="300" r="260" fill="#d9b36c"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    await page
      .getByLabel('Upload images')
      .setInputFiles({ name: 'Bakery.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Delete Bakery.png' }).waitFor();

    // A new page with a heading, a text and a button.
    await page.getByRole('link', { name: 'Pages' }).click();
    await page.getByLabel('Title').fill('Our bakery');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Edit Our bakery' }).click();
    await page.getByRole('button', { name: 'Add block' }).waitFor();
    const preview = page.frameLocator('iframe[title="Page preview"]');
    const add = async (label: string) => {
      await page.getByLabel('Block type').selectOption({ label });
      await page.getByRole('button', { name: 'Add block' }).click();
    };
    await add('Text');
    await add('Button');
    await page.getByLabel('Button label').fill('Order bread');
    const text = preview.locator('.sqs-block-text');
    const button = preview.locator('.sqs-block-button');
    await button.waitFor();
    const status = page.locator('.canvas__overlay [role="status"]');

    // Section settings: the background image, and a grid.
    await page
      .getByRole('list', { name: 'Choose an image from the media library' })
      .getByRole('button')
      .first()
      .click();
    await page.getByRole('button', { name: 'Arrange in a grid' }).click();
    await preview.locator('.section-grid .sqs-block-button').waitFor();
    await expect.poll(() => preview.locator('.section-background__image').count()).toBe(1);

    // Select on the canvas: the outline and its controls, and the side list follows.
    await text.click();
    const toolbar = page.getByRole('toolbar', { name: 'Selected block: Text' });
    await toolbar.waitFor();
    for (const name of ['Drag Text', 'Move Text up', 'Move Text down', 'Duplicate Text', 'Delete Text'])
      expect(await toolbar.getByRole('button', { name }).getAttribute('title')).toBeTruthy();
    expect(await page.getByRole('button', { name: 'Text', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    // The canvas's controls pass axe (serious and critical findings) with a block selected.
    const selectedFindings = await seriousViolations(page);
    expect(selectedFindings, describeFindings('canvas with a block selected', selectedFindings)).toEqual([]);
    // The grip has the keyboard: Shift+Left six times makes the text half the width.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Drag Text');
    for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => status.textContent()).toMatch(/^Text: column 1 of 12, row \d+, 6 columns wide/);
    const textRow = Number(/row (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
    // Escape deselects.
    await page.keyboard.press('Escape');
    await toolbar.waitFor({ state: 'detached' });

    // The button too, then dragged across to the right-hand column beside the text.
    await button.click();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => status.textContent()).toMatch(/^Button: column 1 of 12, row \d+, 6 columns wide/);
    const [b, t] = [await box(button), await box(text)];
    // The frame locator's boxes are in the studio page's pixels, as the mouse is.
    const grab = { x: b.x + 10, y: b.y + b.height / 2 };
    const target = { x: t.x + t.width + 34, y: t.y + t.height / 2 };
    await pointer.drag(grab, target, async () => {
      // While dragging, the landing cell and the grid's columns are drawn.
      await expect.poll(() => page.locator('.canvas__landing').count()).toBe(1);
      expect(await page.locator('.canvas__guide').count()).toBe(12);
      await page.screenshot({ path: path.join(SHOTS, 'studio-dragging.png') });
    });
    await expect
      .poll(() => status.textContent())
      .toBe(`Button: column 7 of 12, row ${textRow}, 6 columns wide, 1 row tall`);
    const [b2, t2] = [await box(button), await box(text)];
    expect(b2.x).toBeGreaterThan(t2.x + t2.width);
    expect(Math.abs(center(b2).y - center(t2).y)).toBeLessThan(t2.height);
    // One drag, one undo step: Undo puts the button back under the text, Redo beside it.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(async () => (await box(button)).x).toBeLessThan(t2.x + t2.width);
    await page.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(async () => (await box(button)).x).toBeGreaterThan(t2.x + t2.width);

    // Text edited in place: double-click, type, Done; the draft (and the side list) follow.
    await text.dblclick();
    const inPlace = page.getByRole('textbox', { name: 'Text on the page' });
    await inPlace.waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Sourdough baked every morning since 1987.');
    await page.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(async () => (await text.textContent())?.trim())
      .toBe('Sourdough baked every morning since 1987.');
    // The heading too, with Enter on the selected block and a plain field.
    const heading = preview.locator('.sqs-block-heading').first();
    await heading.click();
    await page.keyboard.press('Enter');
    await page.getByLabel('Heading on the page').fill('Fresh bread daily');
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await heading.textContent())?.trim()).toBe('Fresh bread daily');
    // The whole in-place edit is one undo step (Ctrl+Z from the canvas).
    await page.keyboard.press('ControlOrMeta+z');
    await expect.poll(async () => (await heading.textContent())?.trim()).toBe('Our bakery');
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect.poll(async () => (await heading.textContent())?.trim()).toBe('Fresh bread daily');
    await page.screenshot({ path: path.join(SHOTS, 'studio-desktop.png') });

    // Phone: the arrangement follows desktop until it is changed here.
    await page.getByLabel('Phone').check();
    await page.getByText('Phone layout follows the desktop layout until you change it.').waitFor();
    await expect
      .poll(() =>
        page.locator('iframe[title="Page preview"]').evaluate((f: HTMLIFrameElement) => f.clientWidth),
      )
      .toBe(390);
    await expect.poll(async () => (await box(button)).y).toBeGreaterThan((await box(text)).y);
    // The button goes above the text on phones: up one row with the keyboard, then a drag to widen it.
    await button.click();
    await page.keyboard.press('ArrowUp');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^Button: column 1 of 4, row \d+, 4 columns wide.*\(phone layout\)$/);
    await expect.poll(async () => (await box(button)).y).toBeLessThan((await box(text)).y);
    await page.getByRole('button', { name: 'Reset phone layout' }).waitFor();
    // Shift+Left twice: half the phone width; the desktop arrangement is untouched.
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => status.textContent()).toMatch(/^Button: column 1 of 4, row \d+, 2 columns wide/);
    // Reset goes back to following desktop; Undo brings the phone layout back.
    await page.getByRole('button', { name: 'Reset phone layout' }).click();
    await page.getByText('Phone layout follows the desktop layout until you change it.').waitFor();
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByRole('button', { name: 'Reset phone layout' }).waitFor();
    await expect.poll(async () => (await box(button)).width).toBeLessThan((await box(text)).width);
    await page.screenshot({ path: path.join(SHOTS, 'studio-phone.png') });
    const phoneFindings = await seriousViolations(page);
    expect(phoneFindings, describeFindings('canvas in the phone view', phoneFindings)).toEqual([]);

    // Publish, then the public page against the preview at both widths.
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    const sectionId = await preview.locator('[data-section-id]').first().getAttribute('data-section-id');
    expect(sectionId).toBeTruthy();
    const site = await context.newPage();
    for (const width of [1280, 390]) {
      await site.setViewportSize({ width, height: 900 });
      await site.goto(`${server.url}/our-bakery`);
      await site.locator(`[data-section-id="${sectionId}"] .sqs-block-button`).waitFor();
      await site.evaluate(() => document.fonts.ready);
      const live = await sectionLayout(site, String(sectionId), false);
      // The preview at the same width: the phone view is 390; for desktop the studio widens until the frame is.
      await page.getByLabel(width === 390 ? 'Phone' : 'Desktop').check();
      // The frame's width animates when the device changes: measure once it has settled.
      await page.waitForTimeout(400);
      await expect
        .poll(async () => {
          const inner = (await sectionLayout(page, String(sectionId), true)).viewport;
          const size = page.viewportSize() ?? { width: 1440, height: 900 };
          if (width !== 390 && inner !== live.viewport)
            await page.setViewportSize({ width: size.width + live.viewport - inner, height: size.height });
          return inner;
        })
        .toBe(live.viewport);
      await page.waitForTimeout(300);
      const drafted = await sectionLayout(page, String(sectionId), true);
      // The same markup (the canvas draws outside the page's markup)…
      expect(drafted.html).toBe(live.html);
      // …laid out the same: every block within a couple of pixels.
      expect(Math.abs(drafted.width - live.width)).toBeLessThanOrEqual(2);
      expect(drafted.blocks.map((b) => b.id)).toEqual(live.blocks.map((b) => b.id));
      for (const [i, block] of live.blocks.entries()) {
        const other = drafted.blocks[i];
        for (const k of ['x', 'y', 'width', 'height'] as const)
          expect(
            Math.abs((other?.[k] ?? Number.NaN) - block[k]),
            `${block.id} ${k} at ${width}px`,
          ).toBeLessThanOrEqual(2);
      }
      await site.screenshot({ path: path.join(SHOTS, `public-${width}.png`), fullPage: true });
      await page
        .locator('iframe[title="Page preview"]')
        .screenshot({ path: path.join(SHOTS, `preview-${width}.png`) });
    }
    const narrow = await site.evaluate((id) => {
      const s = document.querySelector(`[data-section-id="${id}"]`) as HTMLElement;
      const at = (sel: string) => s.querySelector(sel)?.getBoundingClientRect();
      return { button: at('.sqs-block-button'), text: at('.sqs-block-text') };
    }, String(sectionId));
    // At 390 (the last width) the owner's phone arrangement: the button is above the text, half width.
    expect(narrow.button && narrow.text && narrow.button.top < narrow.text.top).toBe(true);
    expect(narrow.button && narrow.text && narrow.button.width < narrow.text.width).toBe(true);
    await site.setViewportSize({ width: 1280, height: 900 });
    const wide = await site.evaluate((id) => {
      const s = document.querySelector(`[data-section-id="${id}"]`) as HTMLElement;
      const at = (sel: string) => s.querySelector(sel)?.getBoundingClientRect();
      return { button: at('.sqs-block-button'), text: at('.sqs-block-text') };
    }, String(sectionId));
    // At 1280 the two columns: the button to the right of the text.
    expect(wide.button && wide.text && wide.button.left >= wide.text.right).toBe(true);
    await site.close();

    // Across sections: the button dragged onto a second section moves into it, one undo step.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByLabel('Desktop').check();
    await page.getByRole('button', { name: 'Add section' }).click();
    await page
      .getByRole('list', { name: 'Sections to add' })
      .getByRole('button', { name: /^Blank/ })
      .click();
    await add('Heading');
    await page.getByLabel('Heading text').fill('Opening hours');
    const second = preview.locator('[data-section-id]').nth(1);
    await second.locator('h2').waitFor();
    const listed = (n: number) => page.getByRole('region', { name: `Section ${n}` });
    const [from, onto] = [await box(button), await box(second.locator('.sqs-block-heading'))];
    await pointer.drag({ x: from.x + 10, y: from.y + from.height / 2 }, { x: onto.x + 20, y: onto.y + 4 });
    await listed(2).getByRole('button', { name: 'Button: Order bread', exact: true }).waitFor();
    expect(await listed(1).getByRole('button', { name: 'Button: Order bread', exact: true }).count()).toBe(0);
    expect(await second.locator('.sqs-block-button').count()).toBe(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await listed(1).getByRole('button', { name: 'Button: Order bread', exact: true }).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'studio-two-sections.png') });
  }, 180_000);
});
