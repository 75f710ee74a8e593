import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalSmtp, partsOf, startSmtp } from '../packages/server/test/mail/mail-helpers';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
  withScreenshot,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const VIEWER = { email: 'mail-viewer@juniper-oak.test', password: 'a viewer password' };
const SMTP_PASSWORD = 'Browser-SMTP-pass-42';

let smtp: LocalSmtp;
let server: RunningServer;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  smtp = await startSmtp({ users: { mailer: SMTP_PASSWORD } });
  server = await startServer({ env: { SECRETS_KEY: randomBytes(32).toString('base64'), SMTP_URL: '' } });
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

describe('Settings → Domain & mail in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner sets the address, sender and SMTP server, tests it in words, saves, and previews the mail', async () => {
    const launched = browser as LaunchedBrowser;
    const { page } = launched;
    page.setDefaultTimeout(15_000);
    const answers: string[] = [];
    page.on('response', async (res) => {
      if (res.url().includes('/api/owner/mail-settings')) answers.push(await res.text().catch(() => ''));
    });
    const port = new URL(server.url).port;

    await page.goto('/config/settings/domain-mail');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/settings/domain-mail');
    await page.getByRole('heading', { name: 'Domain & mail' }).waitFor();
    // Before an address is set, links go to where this server listens (not https://localhost/).
    await expect
      .poll(() => page.getByTestId('dm-effective').textContent())
      .toBe(`Not set yet: links use http://localhost:${port}, where this server listens.`);

    await withScreenshot(launched, 'domain-mail-edit', async () => {
      await page.getByLabel('Public address').fill('shop.example.com/store');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Enter the address as a full URL, e.g. https://shop.example.com').waitFor();
      await page.getByLabel('Public address').fill('https://shop.example.com/store');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText(/^Enter the address without a path, query or fragment/).waitFor();
      await page.getByLabel('Public address').fill('https://shop.example.com');

      await page.getByLabel('Sender name').fill('Juniper & Oak');
      await page.getByLabel('Sender address').fill('hello@shop.example.com');
      await page.getByLabel('This site’s own SMTP server').check();
      await page.getByLabel('SMTP host').fill('127.0.0.1');
      await page.getByLabel('Security').selectOption('none');
      await page.getByLabel('Port').fill(String(smtp.port));
      await page.getByLabel('User name').fill('mailer');
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');

      // The test says what is wrong, in words, before anything is saved.
      await page.getByRole('button', { name: 'Send test mail' }).click();
      await expect
        .poll(() => page.getByTestId('dm-test-result').textContent())
        .toBe('The SMTP server refused the user name or password (535 Invalid username or password).');
      await page.getByLabel('Password', { exact: true }).fill(SMTP_PASSWORD);
      await page.getByRole('button', { name: 'Send test mail' }).click();
      await expect
        .poll(() => page.getByTestId('dm-test-result').textContent())
        .toBe(
          `A test message was sent to ${OWNER.email} through 127.0.0.1:${smtp.port}. Check that inbox (and its spam folder).`,
        );
      const arrived = smtp.received.find((m) => m.to.includes(OWNER.email));
      expect(arrived?.user).toBe('mailer');
      expect(partsOf(arrived?.raw ?? '').html).toContain('This is a test message from Juniper &amp; Oak.');

      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').getByText('Saved.', { exact: true }).waitFor();
    });

    // The password is gone from the form; only that one is stored shows.
    await expect(page.getByLabel('Password', { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Password', { exact: true }).getAttribute('placeholder')).resolves.toBe(
      '•••••••• (stored)',
    );
    await page.getByText('Stored encrypted. Type a new one to replace it.').waitFor();
    await expect(page.getByTestId('dm-effective').textContent()).resolves.toBe(
      'Links use https://shop.example.com.',
    );

    // The preview: the invitation as it would go out, its button leading to the new address.
    await page.getByLabel('Message', { exact: true }).selectOption({ label: 'Invitation' });
    await expect
      .poll(() => page.getByTestId('dm-preview-subject').textContent())
      .toBe('You are invited to help run Juniper & Oak');
    await expect.poll(() => page.getByTestId('dm-preview-text').textContent()).toContain('as Editor.');
    const frame = page.frameLocator('iframe.dm-frame');
    const button = frame.getByRole('link', { name: 'Accept the invitation' });
    await expect
      .poll(() => button.getAttribute('href'))
      .toBe('https://shop.example.com/config/accept-invitation?token=sample-link-token');

    await page.getByRole('heading', { name: 'Domain & mail' }).scrollIntoViewIfNeeded();
    await launched.screenshot('domain-mail-1280');
    await page.getByRole('heading', { name: 'Test message' }).evaluate((h) => h.scrollIntoView());
    await launched.screenshot('domain-mail-1280-test-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    // The studio's area tabs scroll in their own row: the page itself is no wider than the phone.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.getByRole('heading', { name: 'Domain & mail' }).scrollIntoViewIfNeeded();
    await launched.screenshot('domain-mail-390');
    await page.getByRole('heading', { name: 'Sending' }).evaluate((h) => h.scrollIntoView());
    await launched.screenshot('domain-mail-390-sending');
    // On a phone nothing sticks out of the form (fields, hints and buttons wrap).
    const outside = await page.locator('form.domain-mail').evaluate((form) => {
      const edge = form.getBoundingClientRect().right + 0.5;
      return [...form.querySelectorAll('*')]
        .filter((e) => !e.closest('iframe, pre') && e.getBoundingClientRect().right > edge)
        .map((e) => `${e.tagName}.${e.className}`);
    });
    expect(outside).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });

    // No answer ever carried the password.
    expect(answers.length).toBeGreaterThan(3);
    for (const body of answers) expect(body).not.toContain(SMTP_PASSWORD);
  });

  it('the e-mail preview page (type 301) shows the receipt and the invitation as sent', async () => {
    const launched = browser as LaunchedBrowser;
    const { page } = launched;
    await page.goto('/commerce/email-preview?kind=order-receipt');
    await expect(page.locator('body').getAttribute('data-page-type')).resolves.toBe('301');
    await page.getByRole('heading', { name: 'Order receipt' }).waitFor();
    await launched.screenshot('email-preview-page-1280');

    await page.setViewportSize({ width: 680, height: 900 });
    for (const kind of ['order-receipt', 'contributor-invitation']) {
      await page.goto(`/commerce/email-preview/${kind}/message.html`);
      const links = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links.length).toBeGreaterThan(1);
      for (const href of links) expect(href).toMatch(/^https:\/\/shop\.example\.com\//);
      await launched.screenshot(`mail-${kind}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('a Viewer sees it read-only: every field disabled, no Save, no test; the preview still shows', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/config/settings/domain-mail');
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

    await page.goto('/config/settings/domain-mail');
    await page.getByText('Your role can see these settings but not change them.').waitFor();
    await expect(page.getByLabel('Public address').inputValue()).resolves.toBe('https://shop.example.com');
    const fields = page.locator('.dm-fields input, .dm-fields select');
    expect(await fields.count()).toBeGreaterThan(6);
    for (const field of await fields.all()) await expect(field.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Save' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Send test mail' }).count()).resolves.toBe(0);
    await page.getByText('Stored encrypted.', { exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('dm-preview-subject').textContent())
      .toMatch(/^Your order #1042/);
    await (browser as LaunchedBrowser).screenshot('domain-mail-viewer');
  });
});
