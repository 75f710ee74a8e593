import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchSharedBrowser, type SharedBrowser } from './helpers/shared-browser';
import { type RunningServer, startServer, callFromPage as call } from './helpers/index';
import { settle } from './helpers/studio-screens';

// Member areas in a real browser: the owner sets up an area in Studio → Members (what it
// unlocks, a member added by e-mail); a visitor who is not a member gets the access-denied page
// (106) for a locked page, the paywall (107) for a locked post and a join button in place of a
// locked block; the member reads all three. Screenshots at 1280 and 390 px (SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-access';
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const CUSTOMER = { email: 'customer@juniper-oak.test', password: 'juniper-oak-customer' };

let server: RunningServer;
let shared: SharedBrowser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ timeoutMs: 240_000 });
  shared = await launchSharedBrowser(server.url);
}, 300_000);
afterAll(async () => {
  await shared?.close();
  await server?.stop();
});

const open = (width: number) => shared.open({ width });

async function shot(page: Page, name: string) {
  await settle(page);
  // From the top: the studio scrolls inside its own panes.
  await page.evaluate(() => {
    for (const el of [document.scrollingElement, ...document.querySelectorAll('*')])
      if (el && el.scrollTop > 0) el.scrollTop = 0;
  });
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`),
    fullPage: true,
  });
}

async function signInToStudio(page: Page) {
  await page.goto('/config/sign-in');
  await settle(page);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
}

let areaId = '';

describe('member areas in the browser: the studio screen, 106, 107 and a locked block', () => {
  it('the owner makes an area, chooses what it unlocks and adds a member in Studio → Members', async () => {
    const page = await open(1280);
    await signInToStudio(page);
    await page.goto('/config/members');
    await settle(page);
    await page.getByRole('link', { name: 'New member area' }).click();
    await page.getByLabel('Name').fill('Workshop Club');
    await page
      .getByLabel('Message on the access-denied page')
      .fill('The workshop notes are for club members. Join to read them.');
    await page.getByRole('button', { name: 'Create area' }).click();
    await page.getByRole('heading', { name: 'What it unlocks' }).waitFor();
    areaId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByLabel('Find').fill('About');
    await page.getByRole('checkbox', { name: /^About · Page/ }).check();
    await page.getByLabel('Find').fill('Behind the kiln');
    await page.getByRole('checkbox', { name: /^Behind the kiln/ }).check();
    await page.getByLabel('Find').fill('Apparel');
    await page.getByRole('checkbox', { name: /Apparel, homeware/ }).check();
    await page.getByLabel('Find').fill('');
    await page.getByRole('button', { name: 'Save what it unlocks' }).click();
    await page.getByText('Saved: the site shows it at once.').waitFor();
    await page.getByLabel('Add a customer by e-mail').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Add member' }).click();
    await page
      .getByRole('cell', { name: CUSTOMER.email })
      .or(page.getByText(CUSTOMER.email))
      .first()
      .waitFor();
    const content = await call(page, 'GET', `/api/studio/members/areas/${areaId}/content`);
    expect(content.body.content).toHaveLength(3);
    await shot(page, 'studio-area-editor');
    await page.goto('/config/members/areas');
    await settle(page);
    await page.getByRole('link', { name: 'Workshop Club' }).waitFor();
    await shot(page, 'studio-areas');
    const phone = await open(390);
    await signInToStudio(phone);
    await phone.goto('/config/members/areas');
    await settle(phone);
    await phone.getByRole('link', { name: 'Workshop Club' }).waitFor();
    await shot(phone, 'studio-areas');
    await phone.goto(`/config/members/areas/${encodeURIComponent(areaId)}`);
    await settle(phone);
    await phone.getByRole('heading', { name: 'Members', exact: true }).waitFor();
    await shot(phone, 'studio-area-editor');
  }, 300_000);

  it.each([1280, 390])(
    'a visitor who is no member gets 106, 107 and a locked block at %i px',
    async (width) => {
      const page = await open(width);
      await page.goto('/about');
      await page.getByText('The workshop notes are for club members. Join to read them.').waitFor();
      expect(await page.locator('a.member-gate__join').getAttribute('href')).toBe(
        '/members/workshop-club/join',
      );
      expect(await page.content()).not.toContain('two-person studio');
      await shot(page, 'denied-106');
      await page.goto('/blog/behind-the-kiln');
      expect(await page.content()).toContain('why they sell out');
      expect(await page.content()).not.toContain('fired twice');
      await page.locator('.member-gate__panel a.member-gate__join').waitFor();
      await shot(page, 'paywall-107');
      await page.goto('/');
      await page.locator('.member-lock').waitFor();
      expect(await page.content()).not.toContain('Apparel, homeware and stationery');
      await shot(page, 'locked-block');
    },
    180_000,
  );

  it('the member reads the page, the post and the block', async () => {
    const page = await open(1280);
    await page.goto('/account');
    const res = await call(page, 'POST', '/api/site-users/account/session', CUSTOMER);
    expect(res.status).toBe(200);
    await page.goto('/about');
    expect(await page.content()).toContain('two-person studio');
    await page.goto('/blog/behind-the-kiln');
    expect(await page.content()).toContain('fired twice');
    await page.goto('/');
    expect(await page.content()).toContain('Apparel, homeware and stationery');
    await shot(page, 'member-home');
  }, 180_000);
});
