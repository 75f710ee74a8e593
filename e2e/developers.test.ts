import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
  withScreenshot,
} from './helpers/index';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const SHOTS = '/tmp/shots-dev';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
let receiver: http.Server;
let receiverUrl = '';
const received: { event: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    request.resume();
    received.push({
      event: String(request.headers['juniper-event-type']),
      signature: String(request.headers['juniper-signature']),
    });
    response.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  server = await startServer({
    env: { SECRETS_KEY: randomBytes(32).toString('base64'), WEBHOOKS_ALLOW_PRIVATE: 'true' },
  });
  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** A visitor signs up (through the API, with the crumb a page gives): the member.joined event. */
async function visitorSignsUp(email: string) {
  const home = await fetch(`${server.url}/`);
  const crumb = /crumb=([^;]+)/.exec(home.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const res = await fetch(`${server.url}/api/site-users/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `crumb=${crumb}`, 'x-csrf-token': crumb },
    body: JSON.stringify({ email, password: 'a long enough password' }),
  });
  expect(res.status).toBeLessThan(300);
}

describe('Settings → Developers in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('the owner makes a token (shown once) and a webhook, sees its delivery and re-sends it', async () => {
    const launched = browser as LaunchedBrowser;
    const { page } = launched;
    page.setDefaultTimeout(15_000);
    fs.mkdirSync(SHOTS, { recursive: true });

    await page.goto('/config/settings/developers');
    await page.waitForURL('**/config/sign-in');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/config/settings/developers');
    await page.getByRole('heading', { name: 'Developers' }).waitFor();

    await withScreenshot(launched, 'developers-token', async () => {
      await page.getByLabel('Name').fill('Deploy bot');
      await page.getByLabel('Role').selectOption({ label: 'Editor' });
      await page.getByRole('button', { name: 'Make token' }).click();
      const token = (await page.locator('.dev__secret').first().textContent()) ?? '';
      expect(token).toMatch(/^jnp_[A-Za-z0-9_-]{43}$/);
      // The token works: the API answers the Editor's pages, and refuses its orders.
      const pages = await fetch(`${server.url}/api/studio/pages`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(pages.status).toBe(200);
      const orders = await fetch(`${server.url}/api/commerce/orders`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(orders.status).toBe(403);
      await page.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => page.locator('.dev__secret').count()).toBe(0);
      await page.reload();
      await page.getByText('Deploy bot').first().waitFor();
      expect(await page.content()).not.toContain(token);
    });

    await withScreenshot(launched, 'developers-webhook', async () => {
      await page.getByLabel('Endpoint URL').fill(receiverUrl);
      await page.getByLabel('order.paid').uncheck();
      await page.getByLabel('member.joined').check();
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.locator('.dev__secret').first().textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await visitorSignsUp('first-member@example.com');
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
      expect(received[0]).toMatchObject({ event: 'member.joined' });
      await page.getByRole('button', { name: 'Deliveries' }).click();
      await page.getByText('Delivered').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/developers-1280.png`, fullPage: true });
      await page.getByRole('button', { name: 'Re-send member.joined' }).first().click();
      await expect.poll(() => received.length, { timeout: 20_000 }).toBe(2);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await page.getByRole('button', { name: 'Deliveries' }).click();
      await page.getByText('Delivered').first().waitFor();
      await page.screenshot({ path: `${SHOTS}/developers-390.png`, fullPage: true });
      // Nothing on the phone layout is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }, 180_000);
});
