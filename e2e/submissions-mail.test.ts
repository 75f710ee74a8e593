import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  freePort,
  launchBrowser,
  repoRoot,
  screenshotOnFailure,
  startServer,
} from './helpers/index';

/** Where this test's screenshots go for a person to look at. */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots';
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };

let server: RunningServer;
let browser: LaunchedBrowser | undefined;

beforeAll(async () => {
  if (!fs.existsSync(path.join(repoRoot, 'packages/studio/dist/index.html'))) {
    throw new Error('build the studio first: npm run build:bundles');
  }
  // SMTP_URL names a port nobody listens on: mail fails with the connection error, which the
  // owner reads in Settings → Outbox (and the SMTP test answers it).
  server = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('submissions and mail in the studio (Chromium)', () => {
  screenshotOnFailure(() => browser);

  it('a visitor’s Contact message is in the submissions table by label, in the CSV, and its notice in Settings → Outbox', async () => {
    const { page } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const shot = (name: string) =>
      page.screenshot({ path: path.join(SHOTS, `f2-${name}.png`), fullPage: true });

    // The visitor: the demo Contact form, captcha solving itself as in forms.test.ts.
    await page.goto('/contact');
    const root = page.locator('[data-island="form"]');
    await root.locator('[data-testid="visitor-form"]').waitFor();
    const formId = (await root.getAttribute('data-form-id')) as string;
    await root.locator('input[name="name-1-0"]').fill('Ada');
    await root.locator('input[name="name-1-1"]').fill('Lovelace');
    await root.locator('input[name="email-1"]').fill('ada@example.com');
    await root.locator('textarea[name="message-1"]').fill('=1+1, "quoted" and\nwrapped');
    await root.locator('[data-testid="captcha"][data-solved="true"]').waitFor({ timeout: 30_000 });
    await root.locator('button[type="submit"]').click();
    await root.locator('[data-testid="form-success"]').waitFor();

    // And signs up for the newsletter (the popup's call), so the mailing list has someone.
    const signedUp = await page.evaluate(async () => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
      const res = await fetch('/api/newsletter/subscribers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify({ email: 'ada@example.com' }),
      });
      return res.status;
    });
    expect(signedUp).toBe(200);

    // The owner signs in and opens Forms → Submissions for the Contact form.
    await page.goto(`/config/forms/submissions/${formId}`);
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
    if (!page.url().includes('/forms/submissions')) await page.goto(`/config/forms/submissions/${formId}`);
    const table = page.locator('.submissions__table');
    await table.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    const headers = await table.locator('thead th').allTextContents();
    expect(headers).toEqual(expect.arrayContaining(['Submitted', 'Name', 'Email', 'Topic']));
    // Topic was left empty: it reads N/A, not a blank or an id.
    const topicAt = headers.indexOf('Topic');
    expect(await table.locator('tbody tr').first().locator('td').nth(topicAt).textContent()).toBe('N/A');
    await shot('submissions');

    // Search narrows the table; no match empties it.
    await page.getByPlaceholder('Search answers').fill('lovelace');
    await table.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();
    await page.getByPlaceholder('Search answers').fill('nobody-like-this');
    await page.getByText('No submissions match.').waitFor();
    await page.getByPlaceholder('Search answers').fill('');
    await table.getByRole('cell', { name: 'Ada Lovelace' }).waitFor();

    // Export CSV: the download's bytes.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('contact-submissions.csv');
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(csv.startsWith('\uFEFFSubmitted,Name,Email,Topic,Message\r\n')).toBe(true);
    expect(csv).toContain(`,Ada Lovelace,ada@example.com,N/A,"'=1+1, ""quoted"" and\nwrapped"\r\n`);

    // Delete it: select, confirm in the dialog, and the table and the picker's count follow.
    await table.getByRole('checkbox', { name: 'Select submission' }).check();
    await page.getByRole('button', { name: 'Delete selected (1)' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toContain('Delete this submission?');
    await shot('delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No submissions yet.').waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Form' }).locator('option:checked').textContent())
      .toBe('Contact (0)');

    // Settings → Outbox: the owner's notice of the submission waits, with why it is not sent yet.
    await page.goto('/config/settings/mail');
    const mail = page.locator('.mail__table');
    await page
      .getByText(
        'Mail is delivered through the site’s own SMTP server (Domain & mail) or, without one, the server’s (SMTP_URL).',
      )
      .waitFor();
    const notice = mail.locator('tr', { has: page.getByRole('button', { name: 'New submission: Contact' }) });
    expect(await notice.locator('.mail__status').textContent()).toBe('Waiting');
    expect(await notice.locator('.mail__error').textContent()).toMatch(
      /^Cannot connect to 127\.0\.0\.1:\d+: nothing answers there \(connection refused\)/,
    );
    await notice.getByRole('button', { name: 'New submission: Contact' }).click();
    await expect.poll(() => mail.locator('.mail__body pre').first().textContent()).toContain('Ada Lovelace');

    // The SMTP check answers the server's error now; the failed test message can be retried.
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await expect
      .poll(() => page.locator('.mail__result').textContent())
      .toMatch(/^Cannot connect to 127\.0\.0\.1:\d+: nothing answers there \(connection refused\)/);
    const test = mail.locator('tr', {
      has: page.getByRole('button', { name: 'Test message from Juniper & Oak' }),
    });
    await test.getByRole('button', { name: 'Retry' }).waitFor();
    expect(await test.locator('.mail__status').textContent()).toBe('Failed');
    await page.getByRole('combobox', { name: 'Show' }).selectOption('FAILED');
    await expect.poll(() => mail.locator('tbody tr').count()).toBe(1);
    await shot('mail-failed');
    await test.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => test.locator('.mail__status').textContent()).toBe('Waiting');
    expect(await test.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Show' }).selectOption('');
    await notice.waitFor();
    await shot('mail');

    // Marketing → Mailing lists: the newsletter sign-up on the default list, and its CSV.
    await page.goto('/config/marketing/lists');
    await page.getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('row', { name: /ada@example\.com/ }).waitFor();
    await shot('mailing-lists');
    const [listCsv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const listText = fs.readFileSync((await listCsv.path()) as string, 'utf8');
    expect(listText).toMatch(
      /^\uFEFF?Email,Status,Source,Consent at,Consent source,Joined,Unsubscribed at\r?\nada@example\.com,subscribed,popup,/,
    );
  });
});
