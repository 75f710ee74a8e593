import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, MARKER_PATH, Markers } from './helpers/hostile-content';
import {
  type LaunchedBrowser,
  type RunningServer,
  launchBrowser,
  screenshotOnFailure,
  startServer,
} from './helpers/index';
import { type Planted, plantAsOwner } from './helpers/plant-hostile';
import { plantAsVisitors, plantDownloads } from './helpers/plant-purchases';

/**
 * Stored XSS, the whole way round: hostile payloads go into every field a contributor writes
 * through the owner API and into what visitors send that the studio shows; then Chromium
 * visits every page of the site (as a visitor and as a signed-in customer) and every studio
 * screen (as the owner) at 1280 px. A payload that runs requests /__xss?id=N (N names the
 * field); none may, no dialog may open, and no payload may stand in the page as live markup
 * (an event handler, a script, a `javascript:` link, a srcdoc frame, a frame of a download),
 * even where the Content-Security-Policy would stop it.
 */

const OWNER = { email: 'owner@juniper-oak.test', password: 'juniper-oak-owner' };
const CUSTOMER = { email: 'customer@juniper-oak.test', password: 'juniper-oak-customer' };

let server: RunningServer;
let browser: LaunchedBrowser | undefined;
let markers: Markers;
let planted: Planted;
const clients: Record<'owner' | 'customer' | 'visitor', Client> = {} as never;
/** What ran, or was about to: marker requests, dialogs, windows opened. */
const ran: string[] = [];

beforeAll(async () => {
  // Clients come from their own addresses; trust the one proxy hop that says so.
  server = await startServer({ env: { TRUST_PROXY: '1' } });
  markers = new Markers();
  clients.owner = new Client(server.url, '203.0.113.10');
  clients.customer = new Client(server.url, '203.0.113.11');
  clients.visitor = new Client(server.url, '203.0.113.12');
  await clients.owner.signIn(OWNER.email, OWNER.password);
  await clients.customer.signIn(CUSTOMER.email, CUSTOMER.password);
  const sameOrigin = await plantDownloads(clients.owner, new Client(server.url, '203.0.113.13'), markers);
  planted = await plantAsOwner(clients.owner, markers, sameOrigin);
  await plantAsVisitors(clients.visitor, clients.customer, clients.owner, markers, planted);
  // The visitor's cart holds the hostile product with its hostile option, for /cart and /checkout.
  const product = await clients.owner.ok('GET', `/api/studio/products/${planted.productIds[0]}`);
  await clients.visitor.ok('POST', '/api/commerce/shopping-cart/entries', {
    itemId: product.id,
    sku: product.variants[0].sku,
    quantity: 1,
  });

  browser = await launchBrowser({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await browser.context.route(`**${MARKER_PATH}**`, (route) => {
    const id = new URL(route.request().url()).searchParams.get('id') ?? '?';
    ran.push(`marker ${id} (${markers.label(id)}) requested from ${route.request().frame().url()}`);
    return route.fulfill({ status: 204 });
  });
  browser.context.on('page', (opened) => ran.push(`a window opened: ${opened.url()}`));
  browser.page.on('dialog', (dialog) => {
    // Leaving an editor asks about unsaved changes: that one is the studio's own.
    if (dialog.type() === 'beforeunload') return void dialog.accept();
    ran.push(`a ${dialog.type()} dialog: ${dialog.message()} on ${browser?.page.url()}`);
    return void dialog.dismiss();
  });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * What a frame shows of the payloads (runs in the browser): live markup a payload left in
 * the DOM, and whether a payload is there as text at all (the field reached this page).
 */
function inspect(): { markup: string[]; shown: boolean } {
  const markup: string[] = [];
  const say = (el: Element, why: string) => markup.push(`${why}: ${el.outerHTML.slice(0, 160)}`);
  for (const el of Array.from(document.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(el.attributes)) {
      const attr = name.toLowerCase();
      if (attr.startsWith('on') && value.includes('__xss')) say(el, `event handler ${attr}`);
      if (/^(href|src|action|formaction|data|xlink:href)$/.test(attr) && /^\s*javascript:/i.test(value))
        say(el, `javascript: in ${attr}`);
      if (attr === 'srcdoc' && value.includes('__xss')) say(el, 'a srcdoc frame');
    }
    const source = el.getAttribute('src') ?? el.getAttribute('data') ?? '';
    if (el instanceof HTMLScriptElement && (!el.type || /javascript|module/i.test(el.type))) {
      if (el.text.includes('__xss') || source.includes('/downloads/')) say(el, 'a script');
    }
    if (/^(IFRAME|EMBED|OBJECT)$/.test(el.tagName) && source.includes('/downloads/'))
      say(el, 'a frame of a download');
  }
  const flagged = (window as unknown as { __xss?: unknown }).__xss;
  if (flagged !== undefined) markup.push(`window.__xss = ${String(flagged)}`);
  // biome-ignore lint/performance/useDomNodeTextContent: the text a person sees, not JSON islands or hidden nodes
  return { markup, shown: (document.body?.innerText ?? '').includes('__xss') };
}

interface Visit {
  problems: string[];
  /** Where the visit ended (a sign-in page means the session was not taken). */
  landed: string;
  /** Whether any frame shows a payload as text: the field reached this page. */
  shown: boolean;
}

/** Open `url`, let it settle, and answer what any of its frames holds that it should not. */
async function visit(page: Page, url: string): Promise<Visit> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
  const result: Visit = { problems: [], landed: new URL(page.url()).pathname, shown: false };
  for (const frame of page.frames()) {
    // A frame that went away while it was read (a preview reloading) has nothing left to show.
    const seen = await frame.evaluate(inspect).catch((error: Error) => {
      if (frame.isDetached()) return { markup: [], shown: false };
      throw error;
    });
    const { markup, shown } = seen;
    for (const what of markup) result.problems.push(`${frameName(frame)}${what}`);
    result.shown ||= shown;
  }
  return result;
}
const frameName = (frame: Frame) => (frame.parentFrame() ? `(frame ${frame.url().slice(0, 60)}) ` : '');

/** Same-origin links on the page that lead to more pages of the same kind (site or studio). */
async function linksOn(page: Page, studio: boolean): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
  const out: string[] = [];
  for (const href of hrefs) {
    const url = new URL(href);
    if (url.origin !== server.url || url.hash) continue;
    const path = `${url.pathname}${url.search}`;
    const inStudio = path.startsWith('/config/');
    if (inStudio !== studio || /^\/(api|downloads|media|assets)\//.test(path) || path.endsWith('.csv'))
      continue;
    out.push(path);
  }
  return out;
}

/** Visit `start`, then the links found on the way, up to `most` pages. */
async function walk(start: string[], studio: boolean, most: number) {
  const page = (browser as LaunchedBrowser).page;
  const before = ran.length;
  const queue = [...new Set(start)];
  const seen = new Set(queue);
  /** Each piece of live markup and the pages it stands on. */
  const found = new Map<string, Set<string>>();
  const landed: string[] = [];
  let visited = 0;
  let shown = 0;
  while (queue.length && visited < most) {
    const url = queue.shift() as string;
    visited++;
    const result = await visit(page, url);
    for (const what of result.problems) found.set(what, (found.get(what) ?? new Set()).add(url));
    landed.push(result.landed);
    if (result.shown) shown++;
    for (const link of await linksOn(page, studio)) {
      if (!seen.has(link)) {
        seen.add(link);
        queue.push(link);
      }
    }
  }
  const problems = [...found].map(([what, urls]) => {
    const marker = /id=(\d+)|alert\((\d+)\)|__xss = (\d+)/.exec(what);
    const field = marker ? ` [${markers.label(marker[1] ?? marker[2] ?? marker[3] ?? '')}]` : '';
    const pages = [...urls];
    const more = pages.length > 3 ? ` and ${pages.length - 3} more` : '';
    return `${what}${field} on ${pages.slice(0, 3).join(', ')}${more}`;
  });
  return { problems, visited, shown, landed, ran: [...new Set(ran.slice(before))] };
}

async function signInBrowserAs(who: 'owner' | 'customer' | 'visitor') {
  const { context } = browser as LaunchedBrowser;
  await context.clearCookies();
  const jar = clients[who];
  for (const name of ['siteUserSession', 'CART']) {
    const value = jar.cookie(name);
    if (value) await context.addCookies([{ name, value, url: server.url }]);
  }
}

describe('stored XSS in Chromium', () => {
  screenshotOnFailure(() => browser);

  it('stores payloads in every writable field', () => {
    expect(markers.labels.length).toBeGreaterThan(150);
    // Each thing written holds at least one payload the API took (none refused them all).
    expect(Object.entries(planted.poisoned).filter(([, count]) => count === 0)).toEqual([]);
    expect(planted.productIds).toHaveLength(2);
    expect(planted.confirmationUrl).toMatch(/^\/checkout\/order-confirmed\?/);
  });

  it('sees what it looks for: handlers, javascript: links, srcdoc frames, scripts, marker requests', async () => {
    const { page } = browser as LaunchedBrowser;
    await page.goto('/about');
    await page.setContent(
      `<img src=x onerror="fetch('${MARKER_PATH}?id=0')"><a href=" JavaScript:void 0">x</a>` +
        `<iframe srcdoc="<b>__xss</b>"></iframe><script>window.__xss = 0</script>`,
    );
    expect((await page.evaluate(inspect)).markup).toHaveLength(4);
    const before = ran.length;
    await page.goto('/about');
    await page.evaluate((path) => fetch(`${path}?id=0`), MARKER_PATH);
    expect(ran.splice(before)).toHaveLength(1);
  });

  it('no payload runs or stands as markup on any page of the site, as a visitor', async () => {
    await signInBrowserAs('visitor');
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
    const translated = ['/?lang=fr-FR', '/shop?lang=fr-FR', '/blog?lang=fr-FR'];
    const extra = ['/cart', '/checkout', '/account', '/search?q=svg', planted.confirmationUrl];
    const { problems, visited, shown, ran } = await walk([...pages, ...translated, ...extra], false, 70);
    expect(visited).toBeGreaterThan(30);
    // The payloads reached the pages (as text): the navigation and header alone are on every one.
    expect(shown).toBe(visited);
    expect({ ran, problems }).toEqual({ ran: [], problems: [] });
  }, 600_000);

  it('nor on the account pages of the customer who ordered with a hostile address', async () => {
    await signInBrowserAs('customer');
    const { problems, visited, shown, ran } = await walk(['/account', planted.confirmationUrl], false, 10);
    expect(visited).toBeGreaterThan(1);
    expect(shown).toBe(visited);
    expect({ ran, problems }).toEqual({ ran: [], problems: [] });
  }, 300_000);

  it('nor in any studio screen, tab or editor, as the owner', async () => {
    await signInBrowserAs('owner');
    const screens = [
      '/config/pages',
      ...planted.pageIds.map((id) => `/config/pages/${id}`),
      `/config/blogs/${planted.blogId}`,
      '/config/header-footer',
      '/config/media',
      '/config/design',
      '/config/commerce/products',
      ...planted.productIds.map((id) => `/config/commerce/products/${id}`),
      '/config/commerce/inventory',
      '/config/commerce/inventory/waiting',
      '/config/commerce/orders',
      ...planted.orderIds.map((id) => `/config/commerce/orders/${id}`),
      '/config/commerce/settings',
      '/config/forms/forms',
      ...planted.formIds.map((id) => `/config/forms/forms/${id}`),
      ...planted.formIds.map((id) => `/config/forms/submissions/${id}`),
      '/config/forms/lists',
      '/config/analytics',
      '/config/settings/people',
      '/config/settings/languages',
      '/config/settings/mail',
    ];
    const { problems, visited, shown, landed, ran } = await walk(screens, true, 60);
    expect(visited).toBeGreaterThanOrEqual(screens.length);
    expect(landed.filter((path) => path === '/config/sign-in')).toEqual([]);
    expect(shown).toBeGreaterThan(screens.length / 2);
    expect({ ran, problems }).toEqual({ ran: [], problems: [] });
  }, 600_000);
});
