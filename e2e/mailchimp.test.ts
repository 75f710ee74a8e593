import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeMailchimp, startFakeMailchimp } from '../packages/server/test/helpers/fake-mailchimp';
import { type RunningServer, callFromPage as call, startServer } from './helpers/index';
import { type SharedBrowser, launchSharedBrowser, screenshotTo, signInAt } from './helpers/shared-browser';

// Marketing → Integrations: the owner connects Mailchimp (a local stand-in), maps the newsletter
// list to an audience, and a new sign-up reaches the audience through the background sync.

const shot = screenshotTo(process.env.SHOTS_DIR ?? '/work/shots/mailchimp');
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
let fake: FakeMailchimp;
let server: RunningServer;
let shared: SharedBrowser;

beforeAll(async () => {
  fake = await startFakeMailchimp();
  server = await startServer({ env: { MAILCHIMP_API_BASE: fake.url, MAILCHIMP_SYNC_EVERY_MS: '1000' } });
  shared = await launchSharedBrowser(server.url);
}, 300_000);
afterAll(async () => {
  await shared?.close();
  await server?.stop();
  await fake?.close();
});

const state = (page: Page) => page.getByTestId('mailchimp-state').textContent();
const atBothWidths = async (page: Page, name: string) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, name);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
};

describe('Mailchimp integration', () => {
  it('connects, maps the list to an audience, and a new member reaches Mailchimp', async () => {
    const page = await shared.open({ width: 1280 });
    await signInAt(page, '/config/marketing/integrations', OWNER);
    await page.getByRole('heading', { name: 'Mailchimp' }).waitFor();
    expect(await state(page)).toBe('Not connected');
    await atBothWidths(page, 'not-connected');

    // A key Mailchimp refuses: the spec's words and what Mailchimp said.
    await page.getByLabel('API key').fill('ffffffffffffffffffffffffffffffff-us21');
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('alert').getByText('Unable to connect. Please try again').waitFor();
    expect(await page.getByRole('alert').textContent()).toContain('API Key Invalid');
    expect(await state(page)).toBe('Failed');
    await atBothWidths(page, 'failed');

    // Connecting: the answer is held back a moment so the state can be seen.
    let release = () => {};
    await page.route('**/api/owner/mailchimp/connect', async (route) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      await route.continue();
    });
    await page.getByLabel('API key').fill(fake.apiKey);
    await page.getByRole('button', { name: 'Connect' }).click();
    await page.getByRole('button', { name: 'Connecting…' }).waitFor();
    expect(await state(page)).toBe('Connecting…');
    await atBothWidths(page, 'connecting');
    release();
    await page.getByText('Connected to').waitFor();
    await page.unroute('**/api/owner/mailchimp/connect');
    expect(await state(page)).toBe('Connected');
    expect(await page.textContent('.mc__account')).toContain(`…${fake.apiKey.slice(-9)}`);
    expect(await page.content()).not.toContain(fake.apiKey);

    // The newsletter list exists once someone signs up; map it to an audience.
    await page.goto('/');
    const first = await call(page, 'POST', '/api/newsletter/subscribers', { email: 'first@example.com' });
    expect(first.status).toBe(200);
    await page.goto('/config/marketing/integrations');
    const select = page.getByLabel('Newsletter');
    await select.selectOption({ label: 'Workshop news' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    await expect.poll(() => fake.members.get('aud002')?.size ?? 0, { timeout: 20_000 }).toBe(1);

    await page.goto('/');
    await call(page, 'POST', '/api/newsletter/subscribers', { email: 'New.Reader@example.com' });
    await expect
      .poll(() => [...(fake.members.get('aud002')?.values() ?? [])].map((m) => m.email).sort(), {
        timeout: 20_000,
      })
      .toEqual(['first@example.com', 'new.reader@example.com']);
    await page.goto('/config/marketing/integrations');
    await expect
      .poll(async () => page.textContent('[data-testid^="mc-sync-"]'), { timeout: 10_000 })
      .toContain('2 sent');
    await atBothWidths(page, 'connected');
  }, 180_000);
});
