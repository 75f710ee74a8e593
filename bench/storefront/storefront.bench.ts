import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../../e2e/helpers/browser';
import { median, runLoad } from '../lib/load';
import { freshPostgresDatabase, repoRoot, spawnServer } from '../lib/spawn-server';

/**
 * Storefront budgets: JavaScript gzipped per page, product page LCP and CLS in
 * headless Chromium, and product page requests/s over real HTTP on PostgreSQL compared with
 * the same bytes served as a static file by the same Fastify process.
 */
const PAGES = {
  product: '/shop/p/classic-tee',
  store: '/shop',
  home: '/',
  blog: '/blog',
  cart: '/cart',
  checkout: '/checkout',
  // Last: visited after an add to cart (see javascriptPerPage), so the cart islands load too.
  productWithCart: '/shop/p/classic-tee',
};
const CONNECTIONS = 16;
const SECONDS = 8;
const STATIC_NAME = 'bench-product-page.html';

function buildStorefront(): void {
  const res = spawnSync('npm', ['run', 'build', '-w', 'packages/storefront', '--silent'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (res.status !== 0) throw new Error('storefront build failed');
}

/** Put a product in this browser's cart, through the API as the page does. */
async function addToCart(page: import('playwright-core').Page): Promise<void> {
  await page.goto('/shop/p/canvas-tote', { waitUntil: 'load' });
  const crumb = (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '';
  const itemId = await page.evaluate(
    () => JSON.parse(document.getElementById('sf-data')?.textContent ?? '{}').itemId as string,
  );
  const res = await page.request.post('/api/commerce/shopping-cart/entries', {
    headers: { 'x-csrf-token': crumb },
    data: { itemId, sku: null, quantity: 1, additionalFields: null },
  });
  if (!res.ok()) throw new Error(`add to cart failed: ${res.status()}`);
}

async function javascriptPerPage(base: string) {
  const result: Record<
    string,
    {
      files: number;
      gzipBytes: number;
      gzipKiB: number;
      sentKiB?: number;
      perFileKiB?: Record<string, number>;
    }
  > = {};
  const browser = await launchBrowser({ baseURL: base });
  try {
    for (const [name, url] of Object.entries(PAGES)) {
      const page = await browser.context.newPage();
      if (name === 'productWithCart') await addToCart(page);
      const scripts: { url: string; gz: number; sent: number }[] = [];
      page.on('requestfinished', async (request) => {
        if (request.resourceType() !== 'script') return;
        const response = await request.response();
        const body = (await response?.body().catch(() => null)) ?? Buffer.alloc(0);
        // gz: the budget's measure (gzip level 9); sent: the bytes on the wire (brotli here;
        // 0 for files the browser already had in its cache).
        const { responseBodySize } = await request.sizes();
        scripts.push({ url: request.url(), gz: gzipSync(body, { level: 9 }).length, sent: responseBodySize });
      });
      await page.goto(url, { waitUntil: 'load' });
      await page.waitForTimeout(2500); // lazy islands and trackers
      const unique = new Map(scripts.map((s) => [s.url, s]));
      const all = [...unique.values()];
      result[name] = {
        files: all.length,
        // The budget's figure, exact and in KiB (1 KB = 1,024 bytes, as the budget is read).
        gzipBytes: all.reduce((n, s) => n + s.gz, 0),
        gzipKiB: round(all.reduce((n, s) => n + s.gz, 0) / 1024),
        // Bytes on the wire, when none of the files came from the browser cache.
        ...(all.every((f) => f.sent > 0)
          ? { sentKiB: round(all.reduce((n, f) => n + f.sent, 0) / 1024) }
          : {}),
        ...(name.startsWith('product')
          ? {
              perFileKiB: Object.fromEntries(
                all.map((s) => [
                  s.url
                    .split('/')
                    .pop()
                    ?.replace(/-[\w-]{8}\.js$/, '') ?? s.url,
                  round(s.gz / 1024),
                ]),
              ),
            }
          : {}),
      };
      await page.close();
    }
  } finally {
    await browser.close();
  }
  return result;
}

async function productVitals(base: string, runs = 5) {
  const lcp: number[] = [];
  const cls: number[] = [];
  for (let i = 0; i < runs; i++) {
    const browser = await launchBrowser({ baseURL: base });
    try {
      const page = browser.page;
      await page.addInitScript(() => {
        const w = window as unknown as { __lcp: number; __cls: number };
        w.__lcp = 0;
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
          })[])
            if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(PAGES.product, { waitUntil: 'load' });
      await page.waitForTimeout(2000); // islands mounted, layout settled
      const v = await page.evaluate(() => {
        const w = window as unknown as { __lcp: number; __cls: number };
        return { lcp: w.__lcp, cls: w.__cls };
      });
      lcp.push(v.lcp);
      cls.push(v.cls);
    } finally {
      await browser.close();
    }
  }
  return {
    lcpMsMedian: Math.round(median(lcp)),
    lcpMsMax: Math.round(Math.max(...lcp)),
    clsMedian: round(median(cls), 4),
    clsMax: round(Math.max(...cls), 4),
  };
}

async function throughput(port: number, base: string) {
  const html = Buffer.from(await (await fetch(`${base}${PAGES.product}`)).arrayBuffer());
  const staticFile = path.join(repoRoot, 'packages/storefront/dist', STATIC_NAME);
  fs.writeFileSync(staticFile, html);
  try {
    const load = (p: string) =>
      runLoad({
        port,
        connections: CONNECTIONS,
        seconds: SECONDS,
        user: () => () => ({ method: 'GET', path: p }),
      });
    await load(PAGES.product); // warm-up (JIT, caches, connection pool)
    const page = await load(PAGES.product);
    const file = await load(`/assets/runtime/${STATIC_NAME}`);
    return {
      bytes: html.length,
      productPage: {
        rps: Math.round(page.requestsPerSecond),
        p50Ms: round(page.p50Ms),
        p99Ms: round(page.p99Ms),
        errors: page.errors,
      },
      staticFile: {
        rps: Math.round(file.requestsPerSecond),
        p50Ms: round(file.p50Ms),
        p99Ms: round(file.p99Ms),
        errors: file.errors,
      },
      ratio: round(page.requestsPerSecond / file.requestsPerSecond, 3),
    };
  } finally {
    fs.rmSync(staticFile, { force: true });
  }
}

function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export async function run() {
  buildStorefront();
  const databaseUrl = await freshPostgresDatabase('store_bench_storefront');
  const server = await spawnServer('packages/server/src/main.ts', { DATABASE_URL: databaseUrl }, '/');
  const base = `http://127.0.0.1:${server.port}`;
  try {
    const javascript = await javascriptPerPage(base);
    // `--js-only`: just the script sizes, for iterating on the bundle budget.
    if (process.argv.includes('--js-only')) return { javascript };
    const vitals = await productVitals(base);
    const http = await throughput(server.port, base);
    return {
      budgets: { productPageJsGzipKiBMax: 80, lcpMsMax: 1000, clsMax: 0.05 },
      javascript,
      productPageVitals: vitals,
      productPageThroughput: { database: 'postgresql', connections: CONNECTIONS, seconds: SECONDS, ...http },
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  run().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
