import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freshPostgresDatabase, spawnServer } from '../lib/spawn-server';
import { interleave, ratio, spread, summary, wrk } from '../lib/wrk';
import { scaleCatalogAt } from './scale';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PRODUCT = '/shop/p/classic-tee';
/** What a browser sends; both sides answer it with the same brotli bytes. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

type Server = Awaited<ReturnType<typeof spawnServer>>;

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** Write the page's exact bytes (and the .br/.gz the project sends) for @fastify/static. */
async function staticCopy(base: string, dir: string): Promise<void> {
  const get = async (encoding?: string) =>
    Buffer.from(
      await (
        await fetch(`${base}${PRODUCT}`, { headers: encoding ? { 'accept-encoding': encoding } : {} })
      ).arrayBuffer(),
    );
  // fetch decodes bodies; ask node:http for the raw encoded bytes instead.
  const http = await import('node:http');
  const raw = (encoding: string) =>
    new Promise<Buffer>((resolve, reject) => {
      http
        .get(`${base}${PRODUCT}`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
  fs.writeFileSync(path.join(dir, 'product.html'), await get());
  fs.writeFileSync(path.join(dir, 'product.html.gz'), await raw('gzip'));
  // The brotli form is made in the background after the first render: wait for it.
  for (let i = 0; i < 50; i++) {
    const br = await raw('br');
    if (br.length && br[0] !== 0x3c) {
      fs.writeFileSync(path.join(dir, 'product.html.br'), br);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no brotli form of the page');
}

/** Product page vs the same bytes from @fastify/static, interleaved rounds. */
async function productVsStatic(server: Server, label: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
  const base = `http://127.0.0.1:${server.port}`;
  await staticCopy(base, dir);
  const anchor = await spawnServer('bench/lib/static-server.ts', { STATIC_ROOT: dir });
  try {
    const page = () =>
      wrk({ url: `${base}${PRODUCT}`, connections: CONNECTIONS, seconds: SECONDS, headers: BROWSER });
    const file = () =>
      wrk({
        url: `http://127.0.0.1:${anchor.port}/static/product.html`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: BROWSER,
      });
    await page();
    await file(); // warm-up
    const r = await interleave(ROUNDS, { page, file });
    return {
      database: label,
      htmlBytes: fs.statSync(path.join(dir, 'product.html')).size,
      brotliBytes: fs.statSync(path.join(dir, 'product.html.br')).size,
      productPage: summary(r.page),
      staticFile: summary(r.file),
      ratioToStatic: ratio(r.page, r.file),
      goal: '≥ 0.5',
    };
  } finally {
    await anchor.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** /shop, search and a product page at 1×, 10×, 100× the demo catalogue (cache on and off). */
async function catalogueScaling() {
  const scales = [1, 10, 100];
  const servers: Record<string, Server> = {};
  try {
    for (const scale of scales) {
      const url = await freshPostgresDatabase(`bench_perf_scale_${scale}`);
      const cached = await spawnServer('packages/server/src/main.ts', {
        DATABASE_URL: url,
        CART_WRITE_LIMIT: '0',
      });
      await scaleCatalogAt(url, scale);
      servers[`${scale}x`] = cached;
      servers[`${scale}x-nocache`] = await spawnServer('packages/server/src/main.ts', {
        DATABASE_URL: url,
        PAGE_CACHE_MB: '0',
      });
    }
    const pages = { shop: '/shop', search: '/search?q=tee', product: PRODUCT };
    const out: Record<string, unknown> = {};
    for (const [name, pagePath] of Object.entries(pages)) {
      const contenders: Record<string, () => ReturnType<typeof wrk>> = {};
      for (const [key, server] of Object.entries(servers))
        contenders[key] = () =>
          wrk({
            url: `http://127.0.0.1:${server.port}${pagePath}`,
            connections: CONNECTIONS,
            seconds: Math.max(2, Math.round(SECONDS / 2)),
            headers: BROWSER,
          });
      const rounds = await interleave(Math.max(3, ROUNDS - 2), contenders);
      const r = (key: string) => {
        const runs = rounds[key];
        if (!runs) throw new Error(`no runs for ${key}`);
        return runs;
      };
      out[name] = {
        path: pagePath,
        cached: Object.fromEntries(scales.map((s) => [`${s}x`, summary(r(`${s}x`)).rps.median])),
        uncached: Object.fromEntries(scales.map((s) => [`${s}x`, summary(r(`${s}x-nocache`)).rps.median])),
        // Cost = 1 / throughput: how many times the 1× cost a request at 100× costs.
        costAt100xCached: ratio(r('1x'), r('100x')),
        costAt100xUncached: ratio(r('1x-nocache'), r('100x-nocache')),
        costAt10xUncached: ratio(r('1x-nocache'), r('10x-nocache')),
      };
    }
    return { goal: '/shop at 100× costs ≤ 2× the 1× figure', connections: CONNECTIONS, ...out };
  } finally {
    await Promise.all(Object.values(servers).map((s) => s.stop()));
  }
}

/** Time from a committed change to the changed page being served (page cached before). */
async function invalidationLatency(server: Server, databaseUrl: string) {
  const base = `http://127.0.0.1:${server.port}`;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const page = async (p: string) => (await fetch(`${base}${p}`)).text();
  const until = async (p: string, check: (body: string) => boolean) => {
    const start = performance.now();
    while (!check(await page(p))) {
      if (performance.now() - start > 5_000) throw new Error(`${p} not updated within 5 s`);
    }
  };
  const stock: number[] = [];
  const publish: number[] = [];
  try {
    const soldOut = (body: string) => /product-mark sold-out|sold-out/.test(body.split('<main')[1] ?? '');
    for (let i = 0; i < 15; i++) {
      await until('/shop/p/enamel-pin-set', (b) => !soldOut(b));
      await page('/shop/p/enamel-pin-set'); // cached
      let t0 = performance.now();
      await client.query(`update variants set qty_in_stock = 0 where sku = 'PIN-SET'`);
      t0 = (t0 + performance.now()) / 2; // the commit happened within the round trip
      await until('/shop/p/enamel-pin-set', soldOut);
      stock.push(performance.now() - t0);
      await client.query(`update variants set qty_in_stock = 40 where sku = 'PIN-SET'`);

      const title = `Journal ${i}`;
      await page('/blog');
      let t1 = performance.now();
      await client.query('begin');
      await client.query(`update collections set title = $1 where url_id = 'blog'`, [title]);
      await client.query(
        `select pg_notify('site_changed', website_id) from collections where url_id = 'blog'`,
      );
      await client.query('commit');
      t1 = (t1 + performance.now()) / 2;
      await until('/blog', (b) => b.includes(title));
      publish.push(performance.now() - t1);
    }
  } finally {
    await client.end();
  }
  return {
    stockSoldOutToPageMs: spread(stock, 1),
    publishToPageMs: spread(publish, 1),
    samples: stock.length,
  };
}

/**
 * Idle RSS of the embedded default as a user gets it: `npm start` (scripts/start.mjs: the built
 * server, plain node, no tsx) on a fresh DATA_DIR, after migrating and seeding, then 10 s idle;
 * and again on a second start of the same (seeded) data dir.
 */
async function pgliteIdleMemory() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-rss-'));
  const measure = async () => {
    const server = await spawnServer('scripts/start.mjs', { DATA_DIR: dataDir }, '/healthz', false);
    try {
      await new Promise((r) => setTimeout(r, 10_000));
      return rssMiB(server.child.pid!);
    } finally {
      await server.stop();
    }
  };
  try {
    return { firstStartIdleRssMiB: await measure(), secondStartIdleRssMiB: await measure() };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run() {
  const idleMemory = await pgliteIdleMemory();
  const databaseUrl = await freshPostgresDatabase('bench_perf_pages');
  const server = await spawnServer('packages/server/src/main.ts', { DATABASE_URL: databaseUrl }, '/');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  const embedded = await spawnServer('packages/server/src/main.ts', { DATA_DIR: dataDir }, '/');
  try {
    const postgres = await productVsStatic(server, 'postgresql');
    const pglite = await productVsStatic(embedded, 'pglite');
    const pgliteRssAfterLoadMiB = rssMiB(embedded.child.pid!);
    const latency = await invalidationLatency(server, databaseUrl);
    const scaling = await catalogueScaling();
    return {
      name: 'pages: product page vs static, catalogue scaling, invalidation latency',
      machine: `shared ${os.cpus().length} cores, busy (other engineers' tests and benchmarks)`,
      rounds: ROUNDS,
      secondsPerRun: SECONDS,
      connections: CONNECTIONS,
      productPageVsStatic: { postgres, pglite },
      invalidation: latency,
      catalogueScaling: scaling,
      pgliteMemory: {
        ...idleMemory,
        // The bench's own server runs the TypeScript sources through tsx (its loader adds memory).
        afterLoadRssMiBUnderTsx: pgliteRssAfterLoadMiB,
        goal: '≤ 300 MB',
      },
    };
  } finally {
    await Promise.all([server.stop(), embedded.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  run().then(
    (result) => console.log(JSON.stringify(result, null, 2)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
