import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  chromium,
} from 'playwright-core';
import { CHROMIUM_PATH } from './browser';

export interface OpenOptions {
  width?: number;
  timezoneId?: string;
  /** Cookies and storage to start from, e.g. another page's signed-in session. */
  storageState?: BrowserContextOptions['storageState'];
}

export interface SharedBrowser {
  browser: Browser;
  /** A page in a context of its own (own cookies), at the given width and time zone. */
  open(options?: OpenOptions): Promise<Page>;
  /** The page opened last. */
  lastPage(): Page | undefined;
  /** Close every context opened here, then the browser. */
  close(): Promise<void>;
}

/**
 * One headless Debian Chromium for a whole file, with a fresh context per visitor or owner
 * (Playwright gives each launch a new temporary profile). `timeoutMs` is every page's default
 * wait; `args` adds switches, e.g. autoplay for media tests.
 */
export async function launchSharedBrowser(
  baseURL: string,
  options: { timeoutMs?: number; args?: string[] } = {},
): Promise<SharedBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      ...(options.args ?? []),
    ],
  });
  const contexts: BrowserContext[] = [];
  let last: Page | undefined;
  return {
    browser,
    async open({ width = 1280, timezoneId, storageState } = {}) {
      const context = await browser.newContext({
        baseURL,
        viewport: { width, height: 900 },
        timezoneId,
        storageState,
      });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(options.timeoutMs ?? 30_000);
      last = page;
      return page;
    },
    lastPage: () => last,
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
    },
  };
}

/** Full-page screenshot to `<dir>/<name>-<width>.png`. */
export function screenshotTo(dir: string) {
  return (page: Page, name: string) =>
    page.screenshot({
      path: path.join(dir, `${name}-${page.viewportSize()?.width ?? 0}.png`),
      fullPage: true,
    });
}

/** Sign in to the studio from a studio address, and wait to be back there. */
export async function signInAt(page: Page, to: string, who: { email: string; password: string }) {
  await page.goto(to);
  await page.waitForURL('**/config/sign-in');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/sign-in'));
}
