import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callFromPage as call,
  type LaunchedBrowser,
  launchBrowser,
  type RunningServer,
  screenshotOnFailure,
  startServer,
} from './helpers/index';
import { signInAt } from './helpers/shared-browser';

// The owner puts a newsletter block on a page and picks a list; a visitor signs up on the
// published page without it reloading and appears on that list in Marketing → Mailing lists.

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHOTS = process.env.NEWSLETTER_BLOCK_SHOTS_DIR ?? '/work/shots/newsletter-block';

let server: RunningServer;
let owner: LaunchedBrowser | undefined;
let visitor: LaunchedBrowser | undefined;

beforeAll(async () => {
  server = await startServer({ build: true, timeoutMs: 300_000 });
  fs.mkdirSync(SHOTS, { recursive: true });
}, 480_000);
afterAll(async () => {
  await owner?.close();
  await visitor?.close();
  await server?.stop();
});

const shot = (page: Page, name: string, fullPage = true) =>
  page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });

describe('a newsletter block signs visitors up to the owner’s list, in Chromium', () => {
  screenshotOnFailure(() => visitor ?? owner);

  it('the owner picks a list for the block; a visitor signs up on the page and is on that list', {
    timeout: 300_000,
  }, async () => {
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const studio = owner.page;
    studio.setDefaultTimeout(20_000);
    await signInAt(studio, '/config/marketing/lists', OWNER);
    await studio.getByLabel('New list').fill('Workshop letters');
    await studio.getByRole('button', { name: 'Create list' }).click();
    await studio.getByRole('link', { name: 'Workshop letters' }).waitFor();

    // A page with a newsletter block: it starts on the default list.
    const made = await call(studio, 'POST', '/api/studio/pages', { title: 'Letters' });
    expect(made.status).toBe(201);
    await studio.goto(`/config/pages/${made.body.id}`);
    await studio.getByLabel('Block type').selectOption({ label: 'Newsletter' });
    await studio.getByRole('button', { name: 'Add block' }).click();
    const list = studio.getByLabel('Mailing list');
    await expect.poll(() => list.locator('option:checked').textContent()).toBe('Newsletter');

    // No list: the field says so, and the draft is not saved.
    await list.selectOption({ value: '' });
    await studio.locator('.field-error', { hasText: 'A List must be selected' }).waitFor();
    expect(await list.getAttribute('aria-invalid')).toBe('true');
    await studio.getByRole('alert').filter({ hasText: 'A List must be selected' }).waitFor();
    await shot(studio, 'editor-no-list-1280', false);

    await list.selectOption({ label: 'Workshop letters' });
    await studio.getByLabel('Title', { exact: true }).fill('Letters from the workshop');
    await studio.getByLabel('Description').fill('New pieces and studio news, about once a month.');
    await studio.getByLabel('Button label').fill('Count me in');
    await studio.getByRole('status').filter({ hasText: 'Draft saved' }).waitFor();
    expect(await studio.getByRole('alert').count()).toBe(0);
    const preview = studio.frameLocator('iframe[title="Page preview"]');
    await preview.getByRole('button', { name: 'Count me in' }).waitFor();
    await shot(studio, 'editor-field-1280', false);
    await studio.setViewportSize({ width: 390, height: 844 });
    await studio.getByLabel('Mailing list').scrollIntoViewIfNeeded();
    await shot(studio, 'editor-field-390', false);
    await studio.setViewportSize({ width: 1280, height: 900 });
    await studio.getByRole('button', { name: 'Publish' }).click();
    await studio.getByRole('status').filter({ hasText: 'Published' }).waitFor();

    // The visitor, on a phone: a wrong address first, then theirs; the page never reloads.
    visitor = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = visitor.page;
    page.setDefaultTimeout(20_000);
    await page.goto('/letters');
    const block = page.locator('.newsletter-block');
    await block.getByRole('heading', { name: 'Letters from the workshop' }).waitFor();
    await block.locator('form[data-island-mounted="true"]').waitFor();
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const email = block.getByLabel('Email address');
    const message = block.getByRole('status');
    await email.fill('not-an-address');
    await block.getByRole('button', { name: 'Count me in' }).click();
    await expect.poll(() => message.textContent()).toBe('Please enter a valid email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await block.screenshot({ path: path.join(SHOTS, 'site-block-invalid-390.png') });
    await email.fill('Reader@Example.com');
    await block.getByRole('button', { name: 'Count me in' }).click();
    await expect.poll(() => message.textContent()).toBe('Thank you for signing up!');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/letters');
    await shot(page, 'site-block-done-390');

    // The same block on a wide screen, before anyone types.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await block.locator('form[data-island-mounted="true"]').waitFor();
    await shot(page, 'site-block-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'site-block-390');

    // The owner finds the visitor on the chosen list, joined through the block.
    await studio.goto('/config/marketing/lists');
    await studio.getByRole('link', { name: 'Workshop letters' }).click();
    const row = studio.getByRole('row', { name: /reader@example\.com/ });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('newsletter block');

    // The popup joins a list picked the same way.
    await studio.goto('/config/forms/popup');
    const popupList = studio.getByLabel('Mailing list');
    await expect.poll(() => popupList.locator('option:checked').textContent()).toBe('Newsletter');
    await popupList.selectOption({ label: 'Workshop letters' });
    await studio.getByRole('button', { name: 'Save popup' }).click();
    await studio.getByText('Saved: the popup is off.').waitFor();
    await studio.reload();
    await expect
      .poll(() => studio.getByLabel('Mailing list').locator('option:checked').textContent())
      .toBe('Workshop letters');
    await shot(studio, 'popup-list-1280', false);
    await studio.setViewportSize({ width: 390, height: 844 });
    await studio.getByLabel('Mailing list').scrollIntoViewIfNeeded();
    await shot(studio, 'popup-list-390', false);
  });
});
