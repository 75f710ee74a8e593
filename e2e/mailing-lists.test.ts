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

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };

let server: RunningServer;
let owner: LaunchedBrowser | undefined;
let visitor: LaunchedBrowser | undefined;

beforeAll(async () => {
  server = await startServer({ build: true, timeoutMs: 300_000 });
}, 480_000);
afterAll(async () => {
  await owner?.close();
  await visitor?.close();
  await server?.stop();
});

describe('form opt-ins fill a mailing list, in Chromium', () => {
  screenshotOnFailure(() => visitor ?? owner);

  it('the owner maps a form’s e-mail and opt-in box to a list; a ticked submission joins, an unticked one does not', {
    timeout: 300_000,
  }, async () => {
    owner = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const studio = owner.page;
    studio.setDefaultTimeout(20_000);
    await signInAt(studio, '/config/marketing/lists', OWNER);

    // A list made on the lists screen.
    await studio.getByLabel('New list').fill('Event guests');
    await studio.getByRole('button', { name: 'Create list' }).click();
    await studio.getByRole('link', { name: 'Event guests' }).waitFor();

    // A form with an e-mail field and an opt-in checkbox.
    const form = await call(studio, 'POST', '/api/studio/forms', {
      name: 'Event sign-up',
      notificationEmail: '',
      definition: {
        fields: [
          { id: 'em', type: 'email', title: 'Your e-mail', required: true },
          { id: 'news', type: 'checkbox', title: 'Newsletter', options: ['Keep me posted'] },
        ],
        parsedSubmissionMessage: '<p>Thanks!</p>',
        submissionHTML: '',
        successRedirect: '',
        parsedDisclaimerMessage: '',
        captchaEnabled: false,
      },
    });
    expect(form.status).toBe(201);
    const formId = (form.body as { id: string }).id;

    // The owner maps it in the form builder's Storage tab.
    await studio.goto(`/config/forms/forms/${formId}`);
    await studio.getByRole('tab', { name: 'Storage' }).click();
    await studio.getByLabel('List', { exact: true }).selectOption({ label: 'Event guests' });
    await studio.getByLabel('E-mail field').selectOption({ label: 'Your e-mail' });
    await studio.getByLabel('Opt-in checkbox').selectOption({ label: 'Newsletter' });
    await studio.getByRole('button', { name: 'Save opt-in' }).click();
    await studio.getByText('Opt-in saved.').waitFor();

    // Visitors submit the form: one ticks the box, one does not.
    visitor = await launchBrowser({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = visitor.page;
    await page.goto('/');
    const submit = async (values: Record<string, unknown>) => {
      const key = (await call(page, 'POST', '/api/form/FormSubmissionKey')).body as { key: string };
      return call(page, 'POST', '/api/form/SaveFormSubmission', {
        formId,
        form: JSON.stringify(values),
        key: key.key,
      });
    };
    expect((await submit({ em: 'ticked@example.com', news: ['Keep me posted'] })).status).toBe(200);
    expect((await submit({ em: 'unticked@example.com', news: [] })).status).toBe(200);

    // The owner sees the member with the form as consent source; the unticked one is absent.
    await studio.goto('/config/marketing/lists');
    await studio.getByRole('link', { name: 'Event guests' }).click();
    const row = studio.getByRole('row', { name: /ticked@example\.com/ });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('form: Event sign-up');
    expect(await studio.locator('table').innerText()).not.toContain('unticked@example.com');
  });
});
