import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../packages/server/src/db/client';
import {
  type LaunchedBrowser,
  type MailCatcher,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startMailCatcher,
  startServer,
} from './helpers/index';

/**
 * A visitor subscribes to the demo store's monthly coffee at checkout with a test card that pays
 * now and declines later (4000 0000 0000 0341); with a clock the test holds, the renewals engine
 * (the scheduler's runDueRenewals) renews it: the first renewal is declined (a mail says so and
 * the account page says the payment failed), the customer changes the card from /account and
 * the retry pays; two more renewals pay; the customer pauses it; the owner sees the four orders
 * on the subscription's detail in the studio. PostgreSQL, so this process and the server share
 * the database the renewals run on.
 */

const BASE = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = `e2e_subscriptions_${process.pid}`;
const dbUrl = BASE.replace(/\/[^/]*$/, `/${DB_NAME}`);
const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const BUYER = { email: 'mina@example.com', password: 'a long enough password' };
const SHOTS = process.env.SUBSCRIPTION_SHOTS ?? '/work/shots/subportal';
const MONTH = 31 * 86_400_000;

let server: RunningServer;
let mail: MailCatcher;
let browser: LaunchedBrowser | undefined;
let database: DatabaseHandle;
let websiteId = '';

type RunDue = (
  db: unknown,
  now: Date,
  options?: { websiteId?: string },
) => Promise<{ paid: number; failed: number }>;
let runDueRenewals: RunDue | null = null;

async function admin<T>(fn: (client: pg.Client) => Promise<T>, url = BASE): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(async (c) => {
    await c.query(`drop database if exists ${DB_NAME} with (force)`);
    await c.query(`create database ${DB_NAME}`);
  });
  mail = await startMailCatcher();
  // The server's own renewal timer stays off: the test's clock decides when renewals happen.
  server = await startServer({
    env: { DATABASE_URL: dbUrl, SMTP_URL: mail.url, NODE_ENV: 'test', RENEWAL_EVERY_MS: '0' },
  });
  browser = await launchBrowser({ baseURL: server.url });
  database = await openDatabase({ databaseUrl: dbUrl, poolSize: 2 });
  const rows = await admin((c) => c.query(`select id from websites where is_default`), dbUrl);
  websiteId = rows.rows[0]?.id ?? '';
  // The renewals engine (services/subscriptions/renewals.ts): asked by path so this file
  // still loads while it is absent, and the renewal steps say why they did not run.
  const renewalsPath = '../packages/server/src/services/subscriptions/renewals';
  runDueRenewals = await import(renewalsPath).then(
    (m: { runDueRenewals?: RunDue }) => m.runDueRenewals ?? null,
    () => null,
  );
  fs.mkdirSync(SHOTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await database?.close();
  await server?.stop();
  await mail?.close();
  await admin((c) => c.query(`drop database if exists ${DB_NAME} with (force)`));
});

type Page = LaunchedBrowser['page'];

screenshotOnFailure(() => browser);
/** A named part of a test (its name says where a failure's screenshot came from). */
const step = async (_name: string, work: () => Promise<void>) => work();

/** Both widths of one screen, under SHOTS. */
async function shots(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

async function renew(now: Date) {
  if (!runDueRenewals) throw new Error('no renewals engine');
  return runDueRenewals(database.db, now, { websiteId });
}

async function subscriptionRow() {
  const res = await admin(
    (c) =>
      c.query(
        `select id, status, cycles_done, next_billing_at, next_retry_at, payment_method_label
           from subscriptions where email = $1`,
        [BUYER.email],
      ),
    dbUrl,
  );
  return res.rows[0] as
    | {
        id: string;
        status: string;
        cycles_done: number;
        next_billing_at: Date | null;
        next_retry_at: Date | null;
        payment_method_label: string | null;
      }
    | undefined;
}

async function typeCard(page: Page, number: string) {
  await page.locator('#card-number').pressSequentially(number);
  await page.locator('#card-expiry').pressSequentially('1230');
  await page.fill('#card-cvc', '123');
  await page.fill('#card-name', 'Mina Okafor');
}

describe('subscriptions in Chromium: subscribe, renew, fail and recover, pause, the owner’s view', () => {
  let subscribedAt = Date.now();

  it('a signed-in visitor subscribes at checkout and is shown the subscription confirmed (206)', async () => {
    const { page } = browser as LaunchedBrowser;
    await step('subscriptions-subscribe', async () => {
      await page.goto('/account');
      await page.waitForSelector('.account-root');
      const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
      const created = await page.request.post('/api/site-users/account', {
        data: BUYER,
        headers: { 'x-csrf-token': crumb },
      });
      expect(created.status()).toBe(201);

      await page.goto('/shop/p/coffee-subscription');
      await page.waitForSelector('.product-form[data-island-mounted="true"]');
      await page.click('.product-form .sqs-add-to-cart-button');
      await page.waitForURL(/\/checkout\/subscription\?cartToken=/);
      await page.waitForSelector('#card-number');
      const fill = async (id: string, value: string) => {
        const field = page.locator(`#checkout-${id}`);
        if ((await field.count()) > 0 && !(await field.inputValue())) await field.fill(value);
      };
      await fill('email', BUYER.email);
      await fill('firstName', 'Mina');
      await fill('lastName', 'Okafor');
      await fill('address1', '1 Main St');
      await fill('city', 'Albany');
      await fill('postalCode', '12207');
      if ((await page.locator('#checkout-state').count()) > 0)
        await page.selectOption('#checkout-state', 'NY');
      const standard = page.getByRole('radio', { name: /Standard/ });
      if ((await standard.count()) > 0) await standard.first().check();
      // Pays now, declines every charge made without the buyer (a renewal).
      await typeCard(page, '4000000000000341');
      subscribedAt = Date.now();
      await page.click('button:has-text("Place order")');
      await page.waitForURL('**/checkout/order-confirmed**');
      const confirmed = page.getByTestId('subscription-confirmed');
      await confirmed.waitFor();
      expect(await page.getByTestId('subscription-price').textContent()).toBe('$16.00 every month');
      expect(await page.getByTestId('first-renewal').textContent()).toMatch(/^Renews on \w+ \d{1,2}, \d{4}$/);
      await shots(page, 'subscription-confirmed');
    });
    const row = await subscriptionRow();
    expect(row).toMatchObject({ status: 'active', cycles_done: 1, payment_method_label: 'Card ending 0341' });
  }, 180_000);

  it('the first renewal is declined, the customer changes the card in /account, the retry pays', async (ctx) => {
    if (!runDueRenewals) ctx.skip();
    const { page } = browser as LaunchedBrowser;
    await step('subscriptions-dunning', async () => {
      const first = new Date(subscribedAt + MONTH + 3_600_000);
      const declined = await renew(first);
      expect(declined).toMatchObject({ paid: 0, failed: 1 });
      expect((await subscriptionRow())?.status).toBe('past_due');
      // The customer is told by e-mail.
      await expect
        .poll(() => mail.received.filter((m) => m.to.includes(BUYER.email)).length, { timeout: 20_000 })
        .toBeGreaterThanOrEqual(2);

      // A new document each time (a goto that only changes the hash keeps the old state).
      await page.goto('about:blank');
      await page.goto('/account#subscriptions');
      const card = page.getByTestId('subscription');
      await card.waitFor();
      expect(await card.textContent()).toContain('Payment failed');
      expect(await card.textContent()).toContain('Card ending 0341');
      await shots(page, 'portal-past-due');
      await card.getByRole('button', { name: 'Change card' }).click();
      await page.waitForSelector('#card-number');
      await typeCard(page, '4242424242424242');
      await shots(page, 'portal-change-card');
      await page.getByRole('button', { name: 'Save card' }).click();
      await page.getByText('Card saved. We will try the payment again in a moment.').waitFor();
      expect(await card.textContent()).toContain('Card ending 4242');

      // Retried soon after the new card: the same cycle is charged, once.
      const retried = await renew(new Date(first.getTime() + 3_600_000));
      expect(retried).toMatchObject({ paid: 1, failed: 0 });
      expect(await subscriptionRow()).toMatchObject({ status: 'active', cycles_done: 2 });
    });
  }, 180_000);

  it('renews twice more, each once; the customer pauses it from /account', async (ctx) => {
    if (!runDueRenewals) ctx.skip();
    const { page } = browser as LaunchedBrowser;
    await step('subscriptions-pause', async () => {
      for (const months of [2, 3]) {
        const at = new Date(subscribedAt + months * MONTH + 3_600_000);
        expect(await renew(at)).toMatchObject({ paid: 1, failed: 0 });
        // The same instant again charges nothing more.
        expect(await renew(at)).toMatchObject({ paid: 0, failed: 0 });
      }
      expect((await subscriptionRow())?.cycles_done).toBe(4);

      // A new document each time (a goto that only changes the hash keeps the old state).
      await page.goto('about:blank');
      await page.goto('/account#subscriptions');
      const card = page.getByTestId('subscription');
      await card.waitFor();
      await card.getByRole('button', { name: 'Upcoming charges' }).click();
      await page.locator('.account-upcoming tbody tr').first().waitFor();
      expect(await page.locator('.account-upcoming tbody tr').count()).toBe(6);
      await shots(page, 'portal-active');
      await card.getByRole('button', { name: 'Pause' }).click();
      await page.getByText('Paused. Nothing is charged until you resume.').waitFor();
      expect(await card.locator('.account-status').textContent()).toBe('Paused');
      await card.getByRole('button', { name: 'Cancel…' }).click();
      await page.locator('dialog.account-dialog[open]').waitFor();
      await shots(page, 'portal-cancel-dialog');
      await page.getByRole('button', { name: 'Keep it' }).click();
      await shots(page, 'portal-paused');
    });
    expect((await subscriptionRow())?.status).toBe('paused');
    // Paused: nothing is due however far the clock goes.
    expect(await renew(new Date(subscribedAt + 6 * MONTH))).toMatchObject({ paid: 0, failed: 0 });
  }, 240_000);

  it('the owner sees the subscription in Commerce → Subscriptions with its four orders', async (ctx) => {
    if (!runDueRenewals) ctx.skip();
    const { page } = browser as LaunchedBrowser;
    await step('subscriptions-owner', async () => {
      const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
      await page.request.delete('/api/site-users/account/session', { headers: { 'x-csrf-token': crumb } });
      await page.goto('/config/commerce/subscriptions');
      await page.waitForURL('**/config/sign-in');
      await page.getByLabel('Email').fill(OWNER.email);
      await page.getByLabel('Password').fill(OWNER.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/config/commerce/subscriptions');
      const row = page.getByRole('link', { name: 'Coffee Subscription' });
      await row.first().waitFor();
      await shots(page, 'owner-list');
      await row.first().click();
      await page.getByRole('heading', { name: /Coffee Subscription/ }).waitFor();
      const cycles = page.getByTestId('cycle');
      await expect.poll(() => cycles.count()).toBe(4);
      const orderLinks = await cycles.locator('a').allTextContents();
      expect(orderLinks).toHaveLength(4);
      expect(new Set(orderLinks).size).toBe(4);
      expect(await page.locator('.order-detail__timeline').textContent()).toContain('Paused');
      await shots(page, 'owner-detail');
    });
  }, 180_000);
});
