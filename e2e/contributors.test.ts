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
  // The studio bundle is built once for all browser tests (e2e/global-setup.ts).
  server = await startServer();
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const EDITOR = { email: 'editor@juniper-oak.test', password: 'an editor password' };
const DRAFTER = { email: 'drafts@juniper-oak.test', password: 'a draft editor password' };
const VIEWER = { email: 'viewer@juniper-oak.test', password: 'a viewer password' };

describe('contributors in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner invites an editor, who accepts, builds a page, and is kept out of the orders', async () => {
    const { page, screenshot } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);

    // The owner invites an editor from Settings → People.
    await page.goto('/config/settings/people');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/settings/people');
    await page.getByRole('heading', { name: 'Invite a contributor' }).waitFor();
    await page.getByLabel('Email').fill(EDITOR.email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Editor' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${EDITOR.email}.`).waitFor();
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await pending.getByRole('cell', { name: EDITOR.email, exact: true }).waitFor();
    expect(await pending.getByRole('cell', { name: 'Editor', exact: true }).count()).toBe(1);
    await screenshot('contributors-invited');

    // The link, as the mail in the outbox has it.
    const outbox = await page.evaluate(async () => (await fetch('/api/owner/outbox')).json());
    const mail = outbox.messages.find((m: { kind: string }) => m.kind === 'contributor-invitation');
    expect(mail.to).toBe(EDITOR.email);
    const link = /https?:\/\/\S+(\/config\/accept-invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/config/sign-in');

    // The editor confirms the invited address, chooses a password and lands in the studio.
    await page.goto(link as string);
    await page.getByRole('heading', { name: 'Accept the invitation' }).waitFor();
    await page.getByLabel('E-mail address').fill(EDITOR.email);
    await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
    await page.getByLabel('Repeat the password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.waitForURL('**/config/pages');

    // Tabs: the page-building ones (and Settings, for languages), no Commerce (orders).
    const tabs = page.getByRole('navigation', { name: 'Studio' });
    await tabs.getByRole('link', { name: 'Pages' }).waitFor();
    expect(await tabs.getByRole('link', { name: 'Design' }).count()).toBe(1);
    expect(await tabs.getByRole('link', { name: 'Commerce' }).count()).toBe(0);
    expect(await tabs.getByRole('link', { name: 'Analytics' }).count()).toBe(0);

    // The editor adds a page: the server accepts the change.
    await page.getByRole('button', { name: 'Move Home up' }).waitFor();
    await page.getByLabel('Title').fill('Editor notes');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('button', { name: 'Move Editor notes up' }).waitFor();
    await screenshot('contributors-editor-pages');

    // Orders: the studio says the role cannot open them, and the server answers 403.
    await page.goto('/config/commerce/orders');
    await page.getByText('Your role (Editor) cannot open this part of the studio.').waitFor();
    const orders = await page.evaluate(async () => {
      const res = await fetch('/api/commerce/orders');
      return { status: res.status, body: await res.json() };
    });
    expect(orders.status).toBe(403);
    expect(orders.body.error.message).toBe('Your role (Editor) cannot see orders.');

    // The link was spent.
    await page.goto(link as string);
    await page.getByLabel('E-mail address').fill(EDITOR.email);
    await page.getByLabel('Password', { exact: true }).fill(EDITOR.password);
    await page.getByLabel('Repeat the password').fill(EDITOR.password);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not valid any more' }).waitFor();
  }, 120_000);

  it('a Draft editor edits drafts and is shown no control that changes the live site', async () => {
    const { page, screenshot } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    await page.context().clearCookies();

    // The owner invites a Draft editor.
    await page.goto('/config/settings/people');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/settings/people');
    await page.getByLabel('Email').fill(DRAFTER.email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Draft editor' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${DRAFTER.email}.`).waitFor();
    const outbox = await page.evaluate(async () => (await fetch('/api/owner/outbox')).json());
    const mail = outbox.messages.find((m: { to: string }) => m.to === 'drafts@juniper-oak.test');
    const link = /https?:\/\/\S+(\/config\/accept-invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/config/sign-in');

    // Another address with the link is answered like a bad link.
    await page.goto(link as string);
    await page.getByLabel('E-mail address').fill('someone-else@juniper-oak.test');
    await page.getByLabel('Password', { exact: true }).fill(DRAFTER.password);
    await page.getByLabel('Repeat the password').fill(DRAFTER.password);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not valid any more' }).waitFor();
    await page.getByLabel('E-mail address').fill(DRAFTER.email);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.waitForURL('**/config/pages');

    // The navigation is shown, not arranged; the header and footer are not offered.
    await page.getByRole('heading', { name: 'Main navigation' }).waitFor();
    await page.getByRole('button', { name: 'Edit Home' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save navigation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Move Home up' }).count()).toBe(0);
    const tabs = page.getByRole('navigation', { name: 'Studio' });
    expect(await tabs.getByRole('link', { name: 'Header & footer' }).count()).toBe(0);
    await screenshot('contributors-draft-editor-pages');

    // The page editor: no Publish, and the live page's settings are read-only.
    await page.getByRole('button', { name: 'Edit Home' }).click();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByText('This page is live').waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await page.getByLabel('Page title').isDisabled()).toBe(true);
    await screenshot('contributors-draft-editor-settings');
  }, 120_000);

  it('a Viewer reads the outbox with links hidden and is offered nothing that sends mail', async () => {
    const { page, screenshot } = browser as LaunchedBrowser;
    page.setDefaultTimeout(15_000);
    await page.context().clearCookies();

    await page.goto('/config/settings/people');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/settings/people');
    await page.getByLabel('Email').fill(VIEWER.email);
    await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Viewer' });
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${VIEWER.email}.`).waitFor();
    const outbox = await page.evaluate(async () => (await fetch('/api/owner/outbox')).json());
    const mail = outbox.messages.find((m: { to: string }) => m.to === VIEWER.email);
    const link = /https?:\/\/\S+(\/config\/accept-invitation\?token=[\w-]+)/.exec(mail.text)?.[1];
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/config/sign-in');

    await page.goto(link as string);
    await page.getByLabel('E-mail address').fill(VIEWER.email);
    await page.getByLabel('Password', { exact: true }).fill(VIEWER.password);
    await page.getByLabel('Repeat the password').fill(VIEWER.password);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.waitForURL((url) => !url.pathname.includes('accept-invitation'));

    // The Viewer's own invitation, opened in the outbox: the link is not there.
    await page.goto('/config/settings/mail');
    await page.getByText('Links and codes in the messages show as [hidden]').waitFor();
    const row = page.getByRole('row').filter({ hasText: VIEWER.email });
    await row.getByRole('button', { name: /invited/ }).click();
    const body = page.locator('.mail__body pre').first();
    await body.getByText('[hidden]').waitFor();
    expect(await body.textContent()).not.toContain('accept-invitation?token=');
    expect(await page.getByRole('button', { name: 'Send a test message' }).count()).toBe(0);
    await screenshot('contributors-viewer-mail');
  }, 120_000);
});
