/**
 * Screenshots of every studio screen at 1280 and 390 px wide, for looking at the studio as a
 * whole: `npx tsx e2e/studio-shots.ts` starts a demo server of its own (or pass the address of
 * a running one: `STUDIO_URL=http://127.0.0.1:3000 npx tsx e2e/studio-shots.ts`) and writes
 * /tmp/studio-shots/<screen>-<width>.png (SHOTS_DIR to change). It also prints each screen
 * that scrolls sideways at 360 px, which no studio screen should. It places one test-card order
 * on the server first, so that the order screen has something to show.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from './helpers/browser';
import { type RunningServer, startServer } from './helpers/start-server';
import { buyATee, settle, signInToStudio, signedOutScreens, studioScreens } from './helpers/studio-screens';

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const WIDTHS = [1280, 390];
const dir = process.env.SHOTS_DIR ?? '/tmp/studio-shots';
const only = process.argv[2] ? new RegExp(process.argv[2]) : null;

const server: RunningServer | undefined = process.env.STUDIO_URL ? undefined : await startServer();
const base = process.env.STUDIO_URL ?? (server as RunningServer).url;
fs.mkdirSync(dir, { recursive: true });
const browser = await launchBrowser({ baseURL: base, viewport: { width: 1280, height: 860 } });
const { page } = browser;
page.setDefaultTimeout(15_000);
const wide: string[] = [];

/** Pixels the page scrolls sideways at this width (0 when it fits). */
const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function shoot(
  name: string,
  go: () => Promise<void>,
  open?: () => Promise<void>,
  close?: () => Promise<void>,
) {
  if (only && !only.test(name)) return;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width > 640 ? 860 : 844 });
    await go();
    await settle(page);
    if (open) await open();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
    if (close) await close();
  }
  await page.setViewportSize({ width: 360, height: 780 });
  await go();
  await settle(page);
  if (open) await open();
  const extra = await overflow();
  if (extra > 0) wide.push(`${name}: ${extra}px wider than 360`);
  if (close) await close();
  console.log(`${name} ✓`);
}

try {
  for (const screen of signedOutScreens)
    await shoot(screen.name, async () => void (await page.goto(screen.path)));
  // An order to open (the demo starts with none): a visitor buys a tee with the test card.
  await buyATee(page, true);
  await signInToStudio(page, OWNER.email, OWNER.password);
  for (const screen of await studioScreens(page)) {
    await shoot(
      screen.name,
      async () => void (await page.goto(screen.path)),
      screen.open && (() => screen.open?.(page) as Promise<void>),
      screen.close && (() => screen.close?.(page) as Promise<void>),
    );
  }
  console.log(
    wide.length
      ? `Scrolls sideways at 360 px:\n  ${wide.join('\n  ')}`
      : 'No screen scrolls sideways at 360 px.',
  );
} finally {
  await browser.close();
  await server?.stop();
}
