import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { repoRoot } from './start-server';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = path.join(repoRoot, 'e2e/artifacts');

export interface LaunchedBrowser {
  context: BrowserContext;
  page: Page;
  /** Save a full-page screenshot to e2e/artifacts/<name>.png and return its path. */
  screenshot(name: string, page?: Page): Promise<string>;
  close(): Promise<void>;
}

/**
 * Launch Debian's Chromium (headless, no sandbox, no background traffic) with a fresh
 * profile directory, and open one context + page. `apt-get install -y chromium` if missing.
 */
export async function launchBrowser(
  options: {
    baseURL?: string;
    javaScriptEnabled?: boolean;
    viewport?: { width: number; height: number };
  } = {},
): Promise<LaunchedBrowser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: run \`apt-get install -y chromium\``);
  }
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-chromium-'));
  // A persistent context is how Playwright takes an explicit --user-data-dir: a fresh
  // profile directory per launch, removed on close.
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async screenshot(name, target = page) {
      fs.mkdirSync(artifactsDir, { recursive: true });
      const file = path.join(artifactsDir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
      await target.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      return file;
    },
    async close() {
      await context.close().catch(() => undefined);
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Run a browser step; on failure save a screenshot named after the step into e2e/artifacts/
 * and rethrow. Use inside tests: `await withScreenshot(b, 'checkout', async () => { ... })`.
 */
export async function withScreenshot<T>(
  launched: Pick<LaunchedBrowser, 'screenshot'>,
  name: string,
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const file = await launched.screenshot(`FAILED-${name}`);
    if (error instanceof Error) error.message += `\n(screenshot: ${file})`;
    throw error;
  }
}

/**
 * Call at the top of a describe block: after every failed test, screenshot each open page
 * of the browser returned by `get()` into e2e/artifacts/FAILED-<test name>-<n>.png.
 */
export function screenshotOnFailure(get: () => LaunchedBrowser | undefined): void {
  afterEach(async (context) => {
    const launched = get();
    if (!launched || context.task.result?.state !== 'fail') return;
    const pages = launched.context.pages();
    for (const [i, p] of pages.entries()) await launched.screenshot(`FAILED-${context.task.name}-${i}`, p);
  });
}
