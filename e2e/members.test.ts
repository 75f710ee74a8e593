import fs from 'node:fs';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchSharedBrowser, type SharedBrowser, screenshotTo } from './helpers/shared-browser';
import {
  type MailCatcher,
  type RunningServer,
  startMailCatcher,
  startServer,
  callFromPage as call,
} from './helpers/index';

// The owner makes a member area with a recurring plan and a page only its members read, and a
// page offering it (pricing-plan and member-area blocks); a visitor is refused the page, joins
// the plan from the join page (creating an account there), pays at checkout with the test card,
// reads the page, cancels at the period end from their account, and once the period is over is
// refused the page again, with the join button.
//
// The server runs on PostgreSQL (a database of its own made beside TEST_DATABASE_URL's, dropped
// first) so the test can reach the period end: it moves the membership's end into the past in the
// database, as the passing of the paid month would (the server has no clock a browser test can
// turn, and waiting a month is not an option).

// Without TEST_DATABASE_URL there is no PostgreSQL to share with the server: the test is skipped.
const BASE = process.env.TEST_DATABASE_URL ?? '';
const DB_NAME = `e2e_members_${process.pid}`;
const DATABASE_URL = BASE ? BASE.replace(/\/[^/]*$/, `/${DB_NAME}`) : '';
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-members';
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const VISITOR = { email: 'grace@example.com', password: 'a long enough password' };

let mail: MailCatcher;
let server: RunningServer;
let shared: SharedBrowser;

beforeAll(async () => {
  if (!DATABASE_URL) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const client = new pg.Client({ connectionString: BASE });
  await client.connect();
  await client.query(`drop database if exists ${DB_NAME} with (force)`);
  await client.query(`create database ${DB_NAME}`);
  await client.end();
  mail = await startMailCatcher();
  server = await startServer({ env: { SMTP_URL: mail.url, DATABASE_URL }, timeoutMs: 240_000 });
  shared = await launchSharedBrowser(server.url, { timeoutMs: 45_000 });
}, 300_000);
afterAll(async () => {
  await shared?.close();
  await server?.stop();
  await mail?.close();
  if (BASE) {
    const client = new pg.Client({ connectionString: BASE });
    await client.connect();
    await client.query(`drop database if exists ${DB_NAME} with (force)`);
    await client.end();
  }
});

const open = (width = 1280) => shared.open({ width });

const shot = screenshotTo(SHOTS);

async function fillCard(page: Page, number: string): Promise<void> {
  await page.fill('#card-number', '');
  await page.locator('#card-number').pressSequentially(number.replace(/\s/g, ''));
  await page.fill('#card-expiry', '');
  await page.locator('#card-expiry').pressSequentially('1230');
  await page.fill('#card-cvc', '123');
  await page.fill('#card-name', 'Grace Hopper');
}

const SECRET = 'The members’ reading list for this month';
let ownerPage: Page;
let loungePath = '';
let offerPath = '';
let area = { id: '', slug: '' };

describe.skipIf(!DATABASE_URL)(
  'members: join a recurring plan at checkout, read, cancel, and be refused after the period',
  () => {
    it('the owner makes an area with a recurring plan, a locked page, and a page offering it', async () => {
      const page = await open();
      ownerPage = page;
      await page.goto('/config/pages');
      await page.waitForURL('**/config/sign-in');
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByLabel('Password').fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));

      const made = await call(page, 'POST', '/api/studio/members/areas', {
        name: 'Inner Circle',
        slug: 'inner-circle',
        description: 'Monthly lessons and notes for members.',
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      area = { id: made.body.id, slug: made.body.slug };
      const plan = await call(page, 'POST', `/api/studio/members/areas/${area.id}/plans`, {
        name: 'Monthly',
        description: 'Every lesson, every month. Cancel any time.',
        kind: 'recurring',
        priceCents: 900,
        periodUnit: 'MONTH',
        periodValue: 1,
      });
      expect(plan.status, JSON.stringify(plan.body)).toBe(201);
      expect(plan.body.priceText).toBe('$9.00 every month');
      // The same rule in the studio and on the server: a recurring plan needs its period.
      const refused = await call(page, 'POST', `/api/studio/members/areas/${area.id}/plans`, {
        name: 'Broken',
        kind: 'recurring',
        priceCents: 900,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.message).toContain('Choose how often a recurring plan is charged');

      // The locked page: a heading only members read.
      const lounge = await call(page, 'POST', '/api/studio/pages', { title: 'Members lounge' });
      expect(lounge.status).toBeLessThan(300);
      await page.goto(`/config/pages/${lounge.body.id}`);
      await page.getByLabel('Block type').selectOption({ label: 'Heading' });
      await page.getByRole('button', { name: 'Add block' }).click();
      await page.getByLabel('Heading text').fill(SECRET);
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
      expect(
        (await call(page, 'PUT', `/api/studio/pages/${lounge.body.id}/settings`, { status: 'PUBLISHED' }))
          .status,
      ).toBe(200);
      loungePath = `/${lounge.body.urlId}`;
      const locked = await call(page, 'PUT', `/api/studio/members/areas/${area.id}/content`, {
        content: [{ kind: 'page', ref: lounge.body.id }],
      });
      expect(locked.status, JSON.stringify(locked.body)).toBe(200);

      // The offer: the pricing-plan block (72) and the member-area block (67), set in the page editor.
      const offer = await call(page, 'POST', '/api/studio/pages', { title: 'Membership' });
      await page.goto(`/config/pages/${offer.body.id}`);
      await page.getByLabel('Block type').selectOption({ label: 'Pricing plans' });
      await page.getByRole('button', { name: 'Add block' }).click();
      await page.getByLabel('Member area', { exact: true }).selectOption({ label: 'Inner Circle' });
      await page.getByLabel('Block type').selectOption({ label: 'Member area' });
      await page.getByRole('button', { name: 'Add block' }).click();
      await page.getByLabel('Member area', { exact: true }).selectOption({ label: 'Inner Circle' });
      await page.getByRole('button', { name: 'Publish' }).click();
      await page.getByRole('status').filter({ hasText: 'Published' }).waitFor();
      expect(
        (await call(page, 'PUT', `/api/studio/pages/${offer.body.id}/settings`, { status: 'PUBLISHED' }))
          .status,
      ).toBe(200);
      offerPath = `/${offer.body.urlId}`;
    }, 180_000);

    it('shows the plans with their prices on the blocks, the join page and (narrow) on a phone', async () => {
      for (const width of [1280, 390]) {
        const page = await open(width);
        await page.goto(offerPath);
        await page.locator('.members-plan').first().waitFor();
        expect(await page.locator('.members-plan__price').first().textContent()).toBe('$9.00 every month');
        await page.locator('.members-area__join').waitFor();
        await shot(page, 'blocks');
        await page.goto(`/members/${area.slug}/join`);
        await page.locator('.members-plan').first().waitFor();
        await page.locator('.members-signin').waitFor();
        await shot(page, 'join');
      }
    });

    it('a visitor is refused the locked page, joins at checkout with the test card, and reads it', async () => {
      const page = await open();
      await page.goto(loungePath);
      await page.locator('.member-gate').waitFor();
      expect(await page.content()).not.toContain(SECRET);
      await shot(page, 'denied-before');
      await page.getByRole('link', { name: 'Join Inner Circle' }).click();
      await page.waitForURL(`**/members/${area.slug}/join`);

      // Joining asks for an account: created here, with the customer account's own form.
      await page.getByRole('button', { name: /Join Inner Circle: Monthly/ }).click();
      const create = page.locator('form[aria-labelledby]').filter({ hasText: 'Create an account' });
      await create.getByLabel('Email').fill(VISITOR.email);
      await create.getByLabel('Password').fill(VISITOR.password);
      await create.getByRole('button', { name: 'Create an account' }).click();
      await page.locator('.members-signin').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /Join Inner Circle: Monthly/ }).click();
      await page.waitForURL('**/checkout**');

      await page.locator('#card-number').waitFor();
      // The new account's e-mail is filled in once the account has loaded.
      await expect.poll(() => page.inputValue('#checkout-email')).toBe(VISITOR.email);
      await fillCard(page, '4242 4242 4242 4242');
      await page.click('button:has-text("Place order")');
      await page.waitForURL(/\/checkout\/(order|subscription)-confirmed/);

      await page.goto(`/members/${area.slug}/welcome`);
      await page.locator('.members-confirmed__enter').waitFor();
      await shot(page, 'confirmed');
      await page.setViewportSize({ width: 390, height: 900 });
      await shot(page, 'confirmed');
      await page.setViewportSize({ width: 1280, height: 900 });
      const welcome = await mailFor(VISITOR.email, 'Inner Circle');
      expect(welcome).toContain(loungePath);

      await page.goto(loungePath);
      await page.getByText(SECRET).waitFor();
      expect(await page.locator('.member-gate').count()).toBe(0);
    }, 120_000);

    it('cancelled at the period end, the member reads until the end; after it, the page is refused again', async () => {
      const page = shared.lastPage() as Page;
      await page.goto('/account#subscriptions');
      await page.getByRole('button', { name: 'Cancel…' }).click();
      await page.getByRole('button', { name: 'At the end of this period' }).click();
      await page.getByText('Cancelled: it ends at the end of this period.').waitFor();

      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        const rows = await client.query(
          `select m.status, m.ends_at, m.source, s.status as sub_status from memberships m
           join subscriptions s on s.id = m.subscription_id where m.area_id = $1`,
          [area.id],
        );
        expect(rows.rows).toHaveLength(1);
        expect(rows.rows[0]).toMatchObject({ status: 'cancelled', source: 'subscription' });
        expect(new Date(rows.rows[0].ends_at).getTime()).toBeGreaterThan(Date.now() + 20 * 86_400_000);
        // Still paid for: the page reads.
        await page.goto(loungePath);
        await page.getByText(SECRET).waitFor();

        // The paid month is over (moved in the database: see the note at the top).
        await client.query(
          `update memberships set ends_at = now() - interval '1 minute' where area_id = $1`,
          [area.id],
        );
      } finally {
        await client.end();
      }
      await page.goto(loungePath);
      await page.locator('.member-gate').waitFor();
      expect(await page.content()).not.toContain(SECRET);
      await page.getByRole('link', { name: 'Join Inner Circle' }).waitFor();
      await shot(page, 'denied-after');
    }, 120_000);

    it('the plans editor in the studio (area editor), at 1280 and 390', async () => {
      for (const width of [1280, 390]) {
        await ownerPage.setViewportSize({ width, height: 900 });
        await ownerPage.goto(`/config/members/${area.id}`);
        const editor = ownerPage.locator('.plans-editor');
        if ((await editor.count()) === 0) {
          await ownerPage.goto('/config/members');
          await ownerPage.getByText('Inner Circle').first().click();
        }
        await editor.waitFor();
        await ownerPage.getByRole('button', { name: 'Add a plan' }).click();
        await ownerPage.getByLabel('Name').last().fill('Yearly');
        await ownerPage.getByLabel(/^Price/).fill('90');
        await ownerPage.locator('.plans-editor__preview').filter({ hasText: '$90.00' }).waitFor();
        await shot(ownerPage, 'plans-editor');
        await ownerPage.getByRole('button', { name: 'Cancel', exact: true }).click();
      }
    });
  },
);

async function mailFor(address: string, subject: string): Promise<string> {
  await expect
    .poll(() => mail.received.filter((m) => m.to.includes(address) && m.raw.includes(subject)).length, {
      timeout: 30_000,
    })
    .toBeGreaterThanOrEqual(1);
  const found = mail.received.find((m) => m.to.includes(address) && m.raw.includes(subject));
  return found?.raw.replace(/=\r?\n/g, '') ?? '';
}
