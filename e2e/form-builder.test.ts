import fs from 'node:fs';
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
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHOTS = '/tmp/shots';

/** The builder's type labels (GetTemplateSchema) with what each test field sets beyond its label. */
const FIELDS: { label: string; props?: Record<string, string | boolean> }[] = [
  { label: 'Section', props: { Underline: true } },
  { label: 'Text', props: { Placeholder: 'Say hello', Required: true } },
  { label: 'Text area', props: { 'Character limit': '40' } },
  { label: 'Email' },
  { label: 'Number' },
  { label: 'Website' },
  { label: 'Currency', props: { 'Currency symbol': '€' } },
  { label: 'Password' },
  { label: 'Twitter' },
  { label: 'Date' },
  { label: 'Time' },
  { label: 'Name' },
  { label: 'Address' },
  { label: 'Phone', props: { 'Show country code': true } },
  { label: 'Checkbox', props: { Options: 'Red\nGreen' } },
  { label: 'Radio', props: { Options: 'Yes\nNo' } },
  { label: 'Select', props: { Options: 'Small\nLarge' } },
  { label: 'Likert', props: { Options: 'Fast delivery' } },
  { label: 'Hidden', props: { 'Query-string key': 'utm_source', Value: 'direct' } },
];

describe('the form builder in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('builds a form with every field type, places it on a page, and a visitor submission is stored', async () => {
    const { page, context } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    fs.mkdirSync(SHOTS, { recursive: true });
    const shot = (name: string) => page.screenshot({ path: `${SHOTS}/f1-${name}.png`, fullPage: true });

    await page.goto('/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/pages');

    // Forms → Forms: the demo's forms, then a new one by name.
    await page.goto('/config/forms/forms');
    await page.getByRole('link', { name: 'Contact' }).waitFor();
    await shot('list');
    await page.getByLabel('New form').fill('Everything');
    await page.getByRole('button', { name: '+ New form' }).click();
    await page.getByRole('tab', { name: 'Build' }).waitFor();

    // One field of every type, each with the properties the template schema lists for it.
    for (const { label, props } of FIELDS) {
      await page.getByLabel('Field type').selectOption({ label });
      await page.getByRole('button', { name: '+ Add field' }).click();
      const editor = page.getByRole('region', { name: `${label} field` });
      await editor.getByLabel('Label', { exact: true }).fill(`My ${label.toLowerCase()}`);
      for (const [name, value] of Object.entries(props ?? {})) {
        const control = editor.getByLabel(name, { exact: true });
        if (value === true) await control.check();
        else if (typeof value === 'string') await control.fill(value);
      }
    }
    expect(await page.locator('.form-fields__row').count()).toBe(FIELDS.length);
    // Password edits no placeholder; hidden edits no "Required" (the schema drives the editor).
    await page.getByRole('button', { name: 'My password', exact: true }).click();
    expect(await page.getByRole('region', { name: 'Password field' }).getByLabel('Placeholder').count()).toBe(
      0,
    );

    // Reorder: the hidden field up by keyboard (Alt+↑), the section back down by button then drag.
    const rowIds = () =>
      page
        .locator('.form-fields__row')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-field-id')));
    await page.getByRole('button', { name: 'My hidden', exact: true }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    expect((await rowIds()).slice(-2)).toEqual(['hidden-19', 'likert-18']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('My hidden');
    await page.getByRole('button', { name: 'Move My section down' }).click();
    expect((await rowIds()).slice(0, 2)).toEqual(['text-2', 'section-1']);
    await page
      .locator('[data-field-id="section-1"] .form-fields__drag')
      .dragTo(page.locator('[data-field-id="text-2"] .form-fields__drag'));
    expect((await rowIds()).slice(0, 2)).toEqual(['section-1', 'text-2']);
    await shot('build');

    // The other tabs of spec §2.
    await page.getByRole('tab', { name: 'Storage' }).click();
    await page.getByLabel('Notification e-mail').fill('not-an-address');
    await page.getByRole('tab', { name: 'Advanced' }).click();
    await page.locator('#form-submission-message').click();
    await page.keyboard.type('Thanks for telling us everything.');
    await page.getByLabel('Post-submit HTML').fill('<p class="after">See you soon</p>');
    await page.getByRole('tab', { name: 'Captcha' }).click();
    expect(await page.getByLabel('Theme').isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Disclaimer' }).click();
    await page.locator('#form-disclaimer').click();
    await page.keyboard.type('We only use this to answer you.');
    await shot('disclaimer');

    // A bad address is refused beside its field (400 per field), its tab marked.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('tab', { name: 'Storage' }).click();
    await expect
      .poll(() => page.locator('.field-error').first().textContent())
      .toBe('Please enter a valid email');
    await page.getByLabel('Notification e-mail').fill('owner@example.com');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Form saved.');
    await shot('saved');
    const formId = page.url().split('/').pop() as string;

    // Leaving with an unsaved change asks first; "Stay" keeps the builder open.
    await page.getByLabel('Form name').fill('Everything we ask');
    expect(await page.getByRole('status').first().textContent()).toBe('Editing');
    await page.getByRole('link', { name: '← Forms' }).click();
    await page.getByRole('dialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain(formId);
    // While the save is on its way the status says "Saving…" (spec §4), then "Form saved.".
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**/api/studio/forms/${formId}`, async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Saving…');
    await shot('saving');
    release();
    await expect.poll(() => page.getByRole('status').first().textContent()).toBe('Form saved.');
    await page.unroute(`**/api/studio/forms/${formId}`);

    // Back on the list (no prompt now): the form with its 19 fields; a scratch form is deleted.
    await page.getByRole('link', { name: '← Forms' }).click();
    await page.getByRole('link', { name: 'Everything we ask' }).waitFor();
    expect(await page.getByRole('row', { name: /Everything we ask/ }).textContent()).toContain('19');
    await page.getByLabel('New form').fill('Scratch');
    await page.getByRole('button', { name: '+ New form' }).click();
    await page.getByRole('tab', { name: 'Build' }).waitFor();
    await page.getByRole('link', { name: '← Forms' }).click();
    await page.getByRole('button', { name: 'Delete Scratch' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Scratch' }).count()).toBe(0);

    // Place it on a new page with the page editor's Form block, publish, and make the page live.
    const api = (method: string, url: string, body?: unknown) =>
      page.evaluate(
        async ([method, url, body]) => {
          const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
          const res = await fetch(url as string, {
            method: method as string,
            headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
          return res.json();
        },
        [method, url, body] as const,
      );
    const created = await api('POST', '/api/studio/pages', { title: 'Tell us' });
    await page.goto(`/config/pages/${created.id}`);
    await page.getByLabel('Block type').selectOption({ label: 'Form' });
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByLabel('Form', { exact: true }).selectOption({ label: 'Everything we ask' });
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
    await shot('page-editor');
    await api('PUT', `/api/studio/pages/${created.id}/settings`, { status: 'PUBLISHED' });
    const pagePath = `/${created.urlId}`;

    // A visitor (no studio session) fills every field and submits.
    await context.clearCookies();
    await page.goto(`${pagePath}?utm_source=newsletter`);
    const root = page.locator('[data-island="form"]');
    await root.locator('[data-testid="visitor-form"]').waitFor();
    expect(await root.textContent()).toContain('We only use this to answer you.');
    const input = (name: string) => root.locator(`[name="${name}"]`);
    await input('text-2').fill('Hello');
    await input('textarea-3').fill('A short note');
    await input('email-4').fill('ada@example.com');
    await input('number-5').fill('42');
    await input('website-6').fill('https://example.com');
    await input('currency-7').fill('12.50');
    await input('password-8').fill('hunter2');
    await input('twitter-9').fill('@ada');
    for (const [i, v] of ['11', '22', '2026'].entries()) await input(`date-10-${i}`).fill(v);
    for (const [i, v] of ['10', '30', '00', 'AM'].entries()) await input(`time-11-${i}`).fill(v);
    for (const [i, v] of ['Ada', 'Lovelace'].entries()) await input(`name-12-${i}`).fill(v);
    for (const [i, v] of ['1 Mill Lane', '', 'Hudson', 'NY', '12534', 'US'].entries())
      await input(`address-13-${i}`).fill(v);
    for (const [i, v] of ['1', '518', '555', '0100'].entries()) await input(`phone-14-${i}`).fill(v);
    await root.getByLabel('Green').check();
    await root.getByLabel('Yes').check();
    await input('select-17').selectOption('Large');
    await root
      .getByRole('radiogroup', { name: 'Fast delivery' })
      .getByLabel('Agree', { exact: true })
      .check();
    await page.screenshot({ path: `${SHOTS}/f1-visitor.png`, fullPage: true });
    await root.locator('button[type="submit"]').click();
    await root.locator('[data-testid="form-success"]').waitFor();
    expect(await root.textContent()).toContain('Thanks for telling us everything.');
    await page.screenshot({ path: `${SHOTS}/f1-visitor-sent.png`, fullPage: true });

    // The owner sees it stored, every answer in its spec shape.
    const stored = await page.evaluate(async (id) => {
      const crumb = document.cookie.match(/(?:^|; )crumb=([^;]+)/)?.[1] ?? '';
      await fetch('/api/site-users/account/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify({ email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' }),
      });
      const forms = await (await fetch('/api/studio/forms')).json();
      const submissions = await (await fetch(`/api/owner/forms/${id}/submissions`)).json();
      return { forms, submissions };
    }, formId);
    expect(stored.forms.forms.find((f: { id: string }) => f.id === formId).submissionCount).toBe(1);
    const answers = stored.submissions.submissions[0].answers;
    expect(answers).toMatchObject({
      'text-2': 'Hello',
      'number-5': '42',
      'date-10': ['11', '22', '2026'],
      'phone-14': ['1', '518', '555', '0100'],
      'checkbox-15': ['Green'],
      'radio-16': 'Yes',
      'select-17': 'Large',
      'likert-18': { 'Fast delivery': 'Agree' },
      'hidden-19': 'newsletter',
    });
    expect(answers).not.toHaveProperty('section-1');
  });
});
