import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../packages/server/src/db/client';
import { variants } from '../packages/server/src/db/schema/index';
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
let server: RunningServer | undefined;
let browser: LaunchedBrowser | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-restock-'));

beforeAll(async () => {
  mail = await startMailCatcher();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A Node-side visitor: keeps cookies, echoes the crumb. */
async function apiClient(base: string) {
  const jar = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const [name = '', ...rest] = pair.split('=');
      jar.set(name.trim(), rest.join('='));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  remember(await fetch(`${base}/`));
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        cookie: cookie(),
        'x-csrf-token': jar.get('crumb') ?? '',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    remember(res);
    return { status: res.status, json: await res.json() };
  };
}

describe('back-in-stock in Chromium with a real SMTP server', () => {
  screenshotOnFailure(() => browser);

  it('sign up for a sold-out variant, restock across a restart, send → exactly one email', async () => {
    const email = `fan-${Date.now()}@example.com`;
    server = await startServer({ env: { DATA_DIR: dataDir, SMTP_URL: mail.url } });
    browser = await launchBrowser({ baseURL: server.url });
    const { page } = browser;
    page.setDefaultTimeout(15_000);
    await page.goto('/shop/p/stoneware-mug');
    await page.waitForSelector('.product-form[data-island-mounted="true"]');
    await page.check('#variant-option-Glaze-White', { force: true });
    const widget = page.locator('[data-island="restock"]');
    await widget.locator('[data-testid="restock"]').waitFor();
    expect(await widget.isVisible()).toBe(true);
    await widget.locator('button[type="submit"]').click();
    expect(await widget.locator('[data-testid="restock-error"]').textContent()).toBe('Email cannot be blank');
    await widget.locator('input[name="siteVisitorEmail"]').fill('not-an-email');
    await widget.locator('button[type="submit"]').click();
    await expect
      .poll(() => widget.locator('[data-testid="restock-error"]').textContent())
      .toBe('Email is invalid');
    await widget.locator('input[name="siteVisitorEmail"]').fill(email);
    await widget.locator('button[type="submit"]').click();
    await widget.locator('[data-testid="restock-success"]').waitFor();
    expect(await widget.locator('[data-testid="restock-success"]').textContent()).toBe('Signed up!');
    // The call-to-action stays; the form is gone.
    expect(await widget.locator('.restock-cta').isVisible()).toBe(true);
    expect(await widget.locator('form').count()).toBe(0);
    await browser.close();
    browser = undefined;
    await server.stop();

    // Restock while the server is down (straight in its PGlite data), then start it again.
    const db = await openDatabase({ dataDir });
    await db.db.update(variants).set({ qtyInStock: 5 }).where(eq(variants.sku, 'MUG-WHT'));
    const [mug] = await db.db.select().from(variants).where(eq(variants.sku, 'MUG-WHT'));
    if (!mug) throw new Error('expected the seeded MUG-WHT variant');
    await db.close();
    server = await startServer({ env: { DATA_DIR: dataDir, SMTP_URL: mail.url } });

    const owner = await apiClient(server.url);
    const login = await owner('POST', '/api/site-users/account/session', {
      email: 'owner@juniper-oak.test',
      password: 'juniper-oak-owner',
    });
    expect(login.status).toBe(200);
    const groups = await owner('GET', '/api/site-users/account/notifications/restock/groups');
    expect(groups.json.signUpGroups).toEqual([
      expect.objectContaining({ variantId: mug.id, sku: 'MUG-WHT', signUpCount: 1, pendingCount: 1 }),
    ]);
    const ref = { productId: mug.itemId, variantId: mug.id };
    const [a, b] = await Promise.all([
      owner('POST', '/api/site-users/account/notifications/restock/send', ref),
      owner('POST', '/api/site-users/account/notifications/restock/send/all', { sendRequests: [ref] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.sent + b.json.results[0].sent).toBe(1);

    const mine = () => mail.received.filter((m) => m.to.includes(email));
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(mine()).toHaveLength(1);
    expect(mine()[0]?.raw).toContain('Stoneware Mug (White) is back in stock');
  });
});
