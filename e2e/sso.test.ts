import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestProvider, startTestProvider } from '../packages/server/test/sso/oidc-test-provider';
import { DEMO_OWNER } from '../packages/server/src/services/site-users/demo-accounts';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';
import { settle, signInToStudio } from './helpers/studio-screens';

/** Where this feature's screenshots go for a person to look at. */
const SHOTS = process.env.SSO_SHOTS_DIR ?? '/work/shots/sso';

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
let provider: TestProvider;
let port: string;

beforeAll(async () => {
  // A busy machine can take minutes to migrate and seed a fresh database.
  server = await startServer({ timeoutMs: 240_000 });
  port = new URL(server.url).port;
  // No public address is set: the site answers on this server's address and as localhost,
  // and the sign-in comes back to the one the visitor used. The provider knows both.
  provider = await startTestProvider({
    identities: [{ sub: 'ada-123', email: 'ada@example.com', email_verified: true }],
    redirectUris: [`http://localhost:${port}/account/sso/callback`, `${server.url}/account/sso/callback`],
  });
  browser = await launchBrowser({ baseURL: server.url });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await provider?.close();
  await server?.stop();
});
screenshotOnFailure(() => browser);

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('sign-in with SSO in Chromium', () => {
  it('the owner sets the provider up in Settings and checks the connection', async () => {
    const page = (browser as LaunchedBrowser).page;
    await signInToStudio(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await page.goto('/config/settings/sso');
    await settle(page);
    await page.getByLabel('Issuer URL').fill(provider.issuer);
    await page.getByLabel('Client ID').fill(provider.clientId);
    await page.getByLabel('Client secret').fill(provider.clientSecret);
    await page.getByLabel('Button label').fill('Acme ID');
    await page.getByLabel('Offer sign-in with SSO to members and customers').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText()).toBe('Saved.');
    await expect.poll(() => page.getByText(`ending in …${provider.clientSecret.slice(-4)}`).count()).toBe(1);
    expect(await page.getByLabel('Client secret').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Check connection' }).click();
    await expect.poll(() => page.getByTestId('sso-check-result').innerText()).toContain('Connected');
    await shoot(page, 'studio-settings');
    // The owner leaves: the rest is a visitor's browser.
    await page.context().clearCookies();
  });

  it('a visitor clicks “Continue with Acme ID”, signs in at the provider and lands signed in on /account', async () => {
    const page = (browser as LaunchedBrowser).page;
    await page.goto('/account');
    const button = page.getByRole('link', { name: 'Continue with Acme ID' });
    await button.waitFor();
    await shoot(page, 'sign-in-page');
    await button.click();
    await page.waitForURL((url) => url.href.startsWith(provider.issuer));
    await page.waitForLoadState();
    if (!page.url().includes('/interaction/'))
      throw new Error(`the provider answered ${page.url()}: ${await page.innerText('body')}`);
    await page.getByRole('button', { name: 'Sign in as ada@example.com' }).click();
    await page.waitForURL((url) => url.pathname === '/account' && url.port === port);
    await expect
      .poll(() => page.locator('.account-who').innerText())
      .toContain('Signed in as ada@example.com');
    expect(await page.evaluate(() => document.documentElement.dataset.signedIn)).toBe('');
  });

  it('the SSO page (page type 400) says why a sign-in failed', async () => {
    const page = (browser as LaunchedBrowser).page;
    await page.context().clearCookies();
    const answer = await page.goto('/account/sso/callback?code=stale&state=stale');
    expect(answer?.status()).toBe(400);
    await expect.poll(() => page.getByRole('alert').innerText()).toContain('We couldn’t sign you in');
    expect(await page.getByRole('link', { name: 'Continue with Acme ID' }).count()).toBe(1);
    await shoot(page, 'sso-page-error');
  });
});
