import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../packages/server/test/support/fake-stripe';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
  withScreenshot,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const PK = 'pk_test_51JuniperBrowserPublishable';
const SK = 'sk_test_51JuniperBrowserSecret1234';
const WHSEC = 'whsec_JuniperBrowserSigning5678';
const VIEWER = { email: 'viewer@juniper-oak.test', password: 'a viewer password' };

let fake: FakeStripe;
let server: RunningServer;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  fake = await startFakeStripe();
  // No SECRETS_KEY: the local PGlite server keeps its key file beside its data.
  server = await startServer({ env: { STRIPE_API_BASE: fake.url, SECRETS_KEY: '' } });
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fake?.close();
});

describe('payment settings in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner connects Stripe: TEST label, •••• last four, the webhook address copied, the connection checked', async () => {
    const launched = browser as LaunchedBrowser;
    const { page } = launched;
    page.setDefaultTimeout(15_000);
    const secretsSent: string[] = [];
    page.on('response', async (res) => {
      if (res.url().includes('/api/owner/store/payments')) secretsSent.push(await res.text().catch(() => ''));
    });

    await page.goto('/config/commerce/settings#payments');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/commerce/settings**');
    const section = page.locator('form#payments');
    await section.getByRole('heading', { name: /Payments/ }).waitFor();
    await expect(section.getByTestId('payments-mode').textContent()).resolves.toBe('TEST');
    // Test mode shows no key fields.
    await expect(section.getByLabel('Secret key').count()).resolves.toBe(0);

    await withScreenshot(launched, 'payment-settings-connect', async () => {
      await section.getByLabel('Stripe', { exact: true }).check();
      await section.getByLabel('Publishable key').fill(PK);
      await section.getByLabel('Secret key').fill('sk_nope');
      await section.getByRole('button', { name: 'Save' }).click();
      await section.getByText('A secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_.').waitFor();

      await section.getByLabel('Secret key').fill(SK);
      await section.getByLabel('Webhook signing secret').fill(WHSEC);
      await section.getByLabel('Authorise now, capture later from the order').check();
      await section.getByRole('button', { name: 'Save' }).click();
      await section.getByRole('status').getByText('Saved.', { exact: true }).waitFor();
    });

    // The secrets are gone from the form; only their last four characters show.
    await expect(section.getByLabel('Secret key').inputValue()).resolves.toBe('');
    await expect(section.getByLabel('Secret key').getAttribute('placeholder')).resolves.toBe('•••• 1234');
    await expect(section.getByLabel('Webhook signing secret').getAttribute('placeholder')).resolves.toBe(
      '•••• 5678',
    );
    await section.getByText('Stored: •••• 1234. Type a new one to replace it.').waitFor();
    await expect(section.getByTestId('payments-mode').textContent()).resolves.toBe('TEST');

    const webhook = await section.getByLabel('Webhook endpoint').inputValue();
    // The site's public address is not set: the address this server listens on (Settings → Domain & mail).
    expect(webhook).toMatch(/^http:\/\/localhost:\d+\/api\/commerce\/payments\/stripe\/webhook$/);
    await section.getByRole('button', { name: 'Copy' }).click();
    await section.getByText('Copied.').waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(webhook);

    await section.getByRole('button', { name: 'Check connection' }).click();
    await section.getByText('Connected to Stripe in test mode: no real money moves.').waitFor();

    // After a reload the choice and the masks are what the server keeps.
    await page.reload();
    await section.getByLabel('Secret key').waitFor();
    await expect(section.getByLabel('Stripe', { exact: true }).isChecked()).resolves.toBe(true);
    await expect(section.getByLabel('Authorise now, capture later from the order').isChecked()).resolves.toBe(
      true,
    );
    await expect(section.getByLabel('Publishable key').inputValue()).resolves.toBe(PK);
    await expect(section.getByLabel('Secret key').getAttribute('placeholder')).resolves.toBe('•••• 1234');

    // Typing live keys turns the label LIVE before saving; a check says what is wrong in words.
    await section.getByLabel('Publishable key').fill('pk_live_51JuniperBrowserPublishable');
    await expect(section.getByTestId('payments-mode').textContent()).resolves.toBe('LIVE');
    await section.getByRole('button', { name: 'Check connection' }).click();
    await section
      .getByText(
        'The publishable key is a live key and the secret key a test key: use both test keys or both live keys.',
      )
      .first()
      .waitFor();
    // Editing the key takes its error and the stale answer away; the test keys check out again.
    await section.getByLabel('Publishable key').fill(PK);
    await expect(section.getByText(/is a live key/).count()).resolves.toBe(0);
    await expect(section.getByTestId('payments-mode').textContent()).resolves.toBe('TEST');
    await section.getByRole('button', { name: 'Check connection' }).click();
    await section.getByText('Connected to Stripe in test mode: no real money moves.').waitFor();

    await section.scrollIntoViewIfNeeded();
    await launched.screenshot('payment-settings-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await section.scrollIntoViewIfNeeded();
    await launched.screenshot('payment-settings-390');
    // On a phone nothing in the section sticks out of it (keys, hints and buttons wrap).
    const outside = await section.evaluate((form) => {
      const edge = form.getBoundingClientRect().right + 0.5;
      return [...form.querySelectorAll('*')]
        .filter((e) => e.getBoundingClientRect().right > edge)
        .map((e) => e.tagName);
    });
    expect(outside).toEqual([]);

    // The key file was made beside the data, readable by the server only; no answer held a secret.
    expect(fs.statSync(path.join(server.dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(secretsSent.length).toBeGreaterThan(2);
    for (const body of secretsSent) {
      expect(body).not.toContain(SK);
      expect(body).not.toContain(WHSEC);
    }
  });

  it('a Viewer sees the settings read-only: no Save, no check, fields disabled', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.setViewportSize({ width: 1280, height: 900 });
    // The owner (still signed in) invites a Viewer; the invitation link comes from the outbox.
    const token = await page.evaluate(async (email) => {
      const crumb = document.cookie.match(/(?:^|;\s*)crumb=([^;]+)/)?.[1] ?? '';
      const headers = { 'content-type': 'application/json', 'x-csrf-token': crumb };
      await fetch('/api/studio/contributors/invitations', {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, roleCode: 10 }),
      });
      const outbox = await (await fetch('/api/owner/outbox')).json();
      const mail = outbox.messages.find((m: { to: string }) => m.to === email);
      return /token=([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    }, VIEWER.email);
    expect(token).not.toBe('');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/config/sign-in');
    const accepted = await page.evaluate(
      async (body) => {
        const crumb = document.cookie.match(/(?:^|;\s*)crumb=([^;]+)/)?.[1] ?? '';
        const res = await fetch('/api/studio/contributors/invitations/accept', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
          body: JSON.stringify(body),
        });
        return res.status;
      },
      { token, email: VIEWER.email, password: VIEWER.password },
    );
    expect(accepted).toBe(200);

    await page.goto('/config/commerce/settings#payments');
    const section = page.locator('form#payments');
    await section.getByText('Your role can see these settings but not change them.').waitFor();
    await expect(section.getByLabel('Publishable key').inputValue()).resolves.toBe(PK);
    await expect(section.getByLabel('Publishable key').isDisabled()).resolves.toBe(true);
    await expect(section.getByLabel('Secret key').getAttribute('placeholder')).resolves.toBe('•••• 1234');
    await expect(section.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(section.getByRole('button', { name: 'Check connection' }).count()).resolves.toBe(0);
    await section.getByText('Stored: •••• 1234.', { exact: true }).waitFor();
    // The webhook address can still be copied by a reader.
    await expect(section.getByRole('button', { name: 'Copy' }).isEnabled()).resolves.toBe(true);
    // The other sections too: nothing to save, every field disabled.
    await expect(page.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    const storeFields = page.locator('.ss-readonly input, .ss-readonly select');
    expect(await storeFields.count()).toBeGreaterThan(3);
    for (const field of await storeFields.all()) await expect(field.isDisabled()).resolves.toBe(true);
    await (browser as LaunchedBrowser).screenshot('payment-settings-viewer');
  });
});
