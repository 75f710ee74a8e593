import { ACCOUNT_SECURITY_MESSAGES } from '@store/api';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../packages/server/src/services/account-security/totp';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
  type MailCatcher,
  startMailCatcher,
} from './helpers/index';

let mail: MailCatcher;
let server: RunningServer;
let browser: LaunchedBrowser | undefined;

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const CUSTOMER = { email: 'customer@juniper-oak.test', password: 'juniper-oak-customer' };
const EDITOR = { email: 'reset-editor@juniper-oak.test', password: 'the first editor password' };

/** A message's text with quoted-printable undone. */
const unQuote = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url } });
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

/** The first link of `pattern` in mail to `to` (waits for the outbox worker to send it). */
async function linkMailedTo(to: string, pattern: RegExp, after = 0): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const found = mail.received.slice(after).find((m) => m.to.includes(to) && pattern.test(unQuote(m.raw)));
    const link = found ? pattern.exec(unQuote(found.raw))?.[0] : undefined;
    if (link) return link;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail to ${to} with ${pattern}`);
}

const RESET_LINK =
  /https?:\/\/[^\s"<>]+\/(?:config\/reset-password#|account#reset-password\/)[A-Za-z0-9._-]+/;

/** A Node-side client of the site: keeps cookies, echoes the crumb. */
async function apiClient(base: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const [name = '', ...rest] = pair.split('=');
      jar.set(name.trim(), rest.join('='));
    }
  };
  remember(await fetch(`${base}/`));
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': jar.get('crumb') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    remember(res);
    return { status: res.status, json: await res.json() };
  };
}

/** The page at 1280 px and at 390 px (a phone), back to 1280 after. */
async function shots(name: string, page: Page) {
  const { screenshot } = browser as LaunchedBrowser;
  await screenshot(`${name}-1280`, page);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(`${name}-390`, page);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('password reset and two-step sign-in in Chromium, mail through a local SMTP server', () => {
  screenshotOnFailure(() => browser);

  it('a customer resets the password from the sign-in form through the mailed link; an unknown address gets the same words and no mail', async () => {
    const { page } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await shots('reset-site-forgot', page);

    // Nobody has this address: the answer is the same, and no mail leaves.
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText(ACCOUNT_SECURITY_MESSAGES.resetRequested).waitFor();

    await page.goto('/account#forgot-password');
    await page.reload();
    await page.getByLabel('Email').fill(CUSTOMER.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText(ACCOUNT_SECURITY_MESSAGES.resetRequested).waitFor();
    await shots('reset-site-sent', page);

    const link = await linkMailedTo(CUSTOMER.email, RESET_LINK);
    expect(link).toContain('/account#reset-password/');
    expect(mail.received.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).waitFor();
    await shots('reset-site-choose', page);
    await page.getByLabel('New password', { exact: true }).fill('a new customer passphrase');
    await page.getByLabel('Repeat the new password').fill('a new customer passphrase');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.getByText(`Signed in as ${CUSTOMER.email}`).waitFor();

    // The link is spent, and only the new password signs in.
    await page.goto(link);
    await page.getByText(ACCOUNT_SECURITY_MESSAGES.resetLinkInvalid).waitFor();
    const origin = new URL(link).origin;
    const visitor = await apiClient(origin);
    const signIn = (password: string) =>
      visitor('POST', '/api/site-users/account/session', { email: CUSTOMER.email, password });
    expect((await signIn(CUSTOMER.password)).status).toBe(401);
    expect((await signIn('a new customer passphrase')).status).toBe(200);
  });

  it('a contributor resets the password from the studio sign-in, then sets up two-step sign-in and signs in with a code', async () => {
    const { page } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    // The owner invites an editor; the editor accepts with a password.
    const owner = await apiClient(server.url);
    expect((await owner('POST', '/api/site-users/account/session', OWNER)).status).toBe(200);
    const invited = await owner('POST', '/api/studio/contributors/invitations', {
      email: EDITOR.email,
      roleCode: 4,
    });
    expect(invited.status).toBe(201);
    const invitation = await linkMailedTo(EDITOR.email, /token=[\w-]+/);
    const editor = await apiClient(server.url);
    const accepted = await editor('POST', '/api/studio/contributors/invitations/accept', {
      token: invitation.slice('token='.length),
      email: EDITOR.email,
      password: EDITOR.password,
    });
    expect(accepted.status).toBe(200);

    // Forgotten: "Forgot password?" on the studio's sign-in.
    const mailsBefore = mail.received.length;
    await page.goto('/config/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/config/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await shots('reset-studio-forgot', page);
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.getByText(ACCOUNT_SECURITY_MESSAGES.resetRequested).waitFor();

    const link = await linkMailedTo(EDITOR.email, RESET_LINK, mailsBefore);
    expect(link).toContain('/config/reset-password#');
    // Nobody in the studio can read the link, not even the owner.
    const outbox = await owner('GET', '/api/owner/outbox');
    const listed = outbox.json.messages.find(
      (m: { kind: string; to: string }) => m.kind === 'password-reset',
    );
    expect(listed.to).toBe(EDITOR.email);
    expect(JSON.stringify(outbox.json)).not.toContain(link.split('#')[1]);

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await shots('reset-studio-choose', page);
    await page.getByLabel('New password', { exact: true }).fill('the second editor password');
    await page.getByLabel('Repeat the new password').fill('the second editor password');
    await page.getByRole('button', { name: 'Save and sign in' }).click();
    await page.waitForURL('**/config/pages');
    // The session the editor had before the reset has ended.
    expect((await editor('GET', '/api/studio/session')).status).toBe(401);

    // Account → two-step sign-in: QR code and key, confirmed with a code from the "app".
    const origin = new URL(link).origin;
    await page.getByRole('link', { name: 'Account' }).click();
    await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    await shots('two-factor-off', page);
    await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await page.getByRole('img', { name: /QR code/ }).waitFor();
    expect(
      await page.getByRole('img', { name: /QR code/ }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    await shots('two-factor-setup', page);
    const secret = ((await page.locator('.setup-key').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Type the 6-digit code the app shows').fill(totpCodeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);
    await shots('two-factor-recovery-codes', page);
    const recovery = (
      (await page
        .getByRole('list', { name: 'Recovery codes' })
        .getByRole('listitem')
        .first()
        .textContent()) ?? ''
    ).trim();
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('10 of 10 recovery codes left').waitFor();
    await shots('two-factor-on', page);

    // Signing in again asks for the code after the password.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByLabel('Password').fill('the second editor password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await shots('two-factor-code-step', page);
    // The next 30-second step's code: the one used to turn it on cannot be used again.
    await page.getByLabel('Code', { exact: true }).fill(totpCodeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${origin}/config/pages`);

    // The site's own sign-in form asks for the code too; a recovery code does instead.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/config/sign-in');
    await page.goto(`${origin}/account`);
    const signInForm = page.getByRole('form', { name: 'Sign in' });
    await signInForm.getByLabel('Email').fill(EDITOR.email);
    await signInForm.getByLabel('Password').fill('the second editor password');
    await signInForm.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Enter your code' }).waitFor();
    await shots('two-factor-site-code-step', page);
    await page.getByLabel('Code', { exact: true }).fill(recovery);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText(`Signed in as ${EDITOR.email}`).waitFor();
  });
});
