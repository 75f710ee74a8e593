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
  browser = await launchBrowser({ baseURL: server.url });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Sign in as the demo owner from the page (crumb from the cookie) and list a form's submissions. */
async function ownerSubmissions(page: LaunchedBrowser['page'], formId: string) {
  return page.evaluate(async (id) => {
    const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
    const login = await fetch('/api/site-users/account/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
      body: JSON.stringify({ email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' }),
    });
    if (!login.ok) throw new Error(`owner login failed: ${login.status}`);
    const res = await fetch(`/api/owner/forms/${id}/submissions`);
    return res.json();
  }, formId);
}

describe('contact form in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('shows client errors, then submits with the captcha and the owner sees it stored (inert)', async () => {
    const { page } = browser as LaunchedBrowser;
    let dialogs = 0;
    page.on('dialog', (d) => {
      dialogs += 1;
      void d.dismiss();
    });
    page.setDefaultTimeout(10_000);
    await page.goto('/contact');
    const root = page.locator('[data-island="form"]');
    await root.locator('[data-testid="visitor-form"]').waitFor();
    const formId = (await root.getAttribute('data-form-id')) as string;

    // Empty submit: "Required" above the required fields, banners, nothing sent.
    await root.locator('button[type="submit"]').click();
    await expect.poll(() => root.locator('[data-testid="error-email-1"]').textContent()).toBe('Required');
    expect(await root.locator('[data-testid="form-error"]').textContent()).toBe(
      'One or more fields is invalid, please check your entries.',
    );
    expect(await root.locator('[data-testid="form-banner-top"]').textContent()).toContain(
      'Please scroll down to review.',
    );

    await root.locator('input[name="name-1-0"]').fill('Ada');
    await root.locator('input[name="name-1-1"]').fill('Lovelace');
    await root.locator('input[name="email-1"]').fill('ada@nowhere');
    const hostile = '<script>window.pwned=1;alert(1)</script> Hello';
    await root.locator('textarea[name="message-1"]').fill(hostile);
    expect(await root.locator('[data-testid="counter-message-1"]').textContent()).toBe(
      `${hostile.length} / 2000`,
    );
    await root.locator('button[type="submit"]').click();
    await expect
      .poll(() => root.locator('[data-testid="error-email-1"]').textContent())
      .toBe('Email is not valid. Email addresses should follow the format user@domain.com.');

    await root.locator('input[name="email-1"]').fill('ada@example.com');
    // The captcha badge is visible while a field has focus and solves itself (proof of work).
    expect(await root.locator('[data-testid="captcha"]').isVisible()).toBe(true);
    await root
      .locator('[data-testid="captcha"][data-solved="true"]')
      .waitFor({ timeout: 30_000 })
      .catch((e) => {
        throw new Error(`captcha not solved at ${page.url()}: ${e}`);
      });
    await root.locator('button[type="submit"]').click();
    await root.locator('[data-testid="form-success"]').waitFor({ timeout: 15_000 });
    expect(await root.textContent()).toContain('Thank you! We will reply within two working days.');

    const list = await ownerSubmissions(page, formId);
    expect(list.submissions).toHaveLength(1);
    expect(list.submissions[0].answers['message-1']).toBe('<script>window.pwned=1;alert(1)</script> Hello');
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(dialogs).toBe(0);
  });

  it('hides the captcha badge until a field has focus and renders it compact under 320 px', async () => {
    const narrow = await launchBrowser({ baseURL: server.url, viewport: { width: 300, height: 800 } });
    try {
      const { page } = narrow;
      page.setDefaultTimeout(10_000);
      await page.goto('/contact');
      const root = page.locator('[data-island="form"]');
      await root.locator('[data-testid="visitor-form"]').waitFor();
      expect(await root.locator('[data-testid="captcha"]').isVisible()).toBe(false);
      await root.locator('input[name="email-1"]').focus();
      await expect.poll(() => root.locator('[data-testid="captcha"]').isVisible()).toBe(true);
      expect(await root.locator('[data-testid="captcha"]').getAttribute('data-size')).toBe('compact');
      await page.locator('h1').first().click();
      await expect.poll(() => root.locator('[data-testid="captcha"]').isVisible()).toBe(false);
    } finally {
      await narrow.close();
    }
  });
});
