import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freshPostgresDatabase, spawnServer } from '../lib/spawn-server';
import { type WrkResult, interleave, ratio, summary, wrk } from '../lib/wrk';

const run_ = promisify(execFile);
/** The same number of concurrent clients for wrk (HTTP connections) and pgbench. */
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CARTS = 256;
const ADD = '/api/commerce/shopping-cart/entries';

/** Carts to add to: each request goes to a random one of them, so visitors rarely share one. */
async function createCarts(
  port: number,
  body: string,
  crumb: string,
): Promise<{ tokens: string[]; response: string }> {
  const tokens: string[] = [];
  let response = '';
  for (let i = 0; i < CARTS; i++) {
    const res = await fetch(`http://127.0.0.1:${port}${ADD}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, cookie: `crumb=${crumb}` },
      body,
    });
    if (!res.ok) throw new Error(`cart add failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('CART='));
    if (!cookie) throw new Error('no CART cookie');
    tokens.push(cookie.slice(5, cookie.indexOf(';')));
    response = await res.text();
  }
  return { tokens, response };
}

/** wrk script: POST the add body with a random cart's cookie. */
function addScript(tokens: string[], body: string, crumb: string): string {
  return `
local tokens = { ${tokens.map((t) => JSON.stringify(t)).join(', ')} }
local body = ${JSON.stringify(body)}
function init(args)
  math.randomseed(os.time() + tonumber(tostring({}):sub(8), 16) % 100000)
end
function request()
  local token = tokens[math.random(#tokens)]
  return wrk.format('POST', '${ADD}', {
    ['content-type'] = 'application/json',
    ['x-csrf-token'] = '${crumb}',
    ['accept-encoding'] = 'gzip, deflate, br',
    ['cookie'] = 'crumb=${crumb}; CART=' .. token,
  }, body)
end
`;
}

/** A product's JSON context and the crumb the server set with it (crumbs are signed per server, #12). */
async function productPage(port: number): Promise<{ itemId: string; crumb: string }> {
  const page = await fetch(`http://127.0.0.1:${port}/shop/p/canvas-tote?format=json`);
  const cookie = page.headers.getSetCookie().find((c) => c.startsWith('crumb=')) ?? '';
  const crumb = /^crumb=([^;]+)/.exec(cookie)?.[1] ?? '';
  const ctx = (await page.json()) as { item: { id: string } };
  return { itemId: ctx.item.id, crumb };
}

/** pgbench TPC-B (5 statements in a transaction), prepared, on the project's database. */
async function pgbench(databaseUrl: string): Promise<WrkResult> {
  const { stdout } = await run_('pgbench', [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(CLIENTS),
    '-j',
    '2',
    '-T',
    String(SECONDS),
    databaseUrl,
  ]);
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? Number.NaN);
  return { requestsPerSecond: tps, p50Ms: latency, p99Ms: Number.NaN, errors: 0, requests: 0 };
}

/**
 * Cart add over HTTP (wrk, CLIENTS connections, each add to one of 256 carts) on PostgreSQL
 * and PGlite, against pgbench TPC-B on the same PostgreSQL database and a bare Fastify
 * route answering the same JSON, in interleaved rounds.
 */
export async function run() {
  const databaseUrl = await freshPostgresDatabase('bench_perf_cart');
  // Scale = clients: one branch row per client, as TPC-B intends (at scale 1 every client
  // queues on the one branch row and pgbench measures that lock, not the database).
  await run_('pgbench', ['-i', '-s', String(CLIENTS), '-q', '-I', 'dtgvp', databaseUrl]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-cart-pglite-'));
  const server = await spawnServer('packages/server/src/main.ts', {
    DATABASE_URL: databaseUrl,
    CART_WRITE_LIMIT: '0',
  });
  const embedded = await spawnServer('packages/server/src/main.ts', {
    DATA_DIR: dataDir,
    CART_WRITE_LIMIT: '0',
  });
  let bare: Awaited<ReturnType<typeof spawnServer>> | undefined;
  try {
    const pg = await productPage(server.port);
    const body = JSON.stringify({ itemId: pg.itemId, sku: 'TOTE-1', quantity: 1, additionalFields: null });
    const pgCarts = await createCarts(server.port, body, pg.crumb);
    const lite = await productPage(embedded.port);
    const bodyLite = JSON.stringify({
      itemId: lite.itemId,
      sku: 'TOTE-1',
      quantity: 1,
      additionalFields: null,
    });
    const liteCarts = await createCarts(embedded.port, bodyLite, lite.crumb);
    bare = await spawnServer('bench/cart/bare-server.ts', { BARE_JSON: pgCarts.response });
    const bareUrl = `http://127.0.0.1:${bare.port}/bare`;
    const contenders = {
      cartPostgres: () =>
        wrk({
          url: `http://127.0.0.1:${server.port}${ADD}`,
          connections: CLIENTS,
          seconds: SECONDS,
          lua: addScript(pgCarts.tokens, body, pg.crumb),
        }),
      cartPglite: () =>
        wrk({
          url: `http://127.0.0.1:${embedded.port}${ADD}`,
          connections: CLIENTS,
          seconds: SECONDS,
          lua: addScript(liteCarts.tokens, bodyLite, lite.crumb),
        }),
      pgbench: () => pgbench(databaseUrl),
      bare: () =>
        wrk({
          url: bareUrl,
          connections: CLIENTS,
          seconds: SECONDS,
          lua: `wrk.method = 'POST'\nwrk.body = ${JSON.stringify(body)}\nwrk.headers['content-type'] = 'application/json'\nwrk.headers['accept-encoding'] = 'gzip, deflate, br'`,
        }),
    };
    await contenders.cartPostgres(); // warm-up: JIT, prepared statements, pool
    await contenders.cartPglite();
    const r = await interleave(ROUNDS, contenders);
    return {
      name: 'cart add: HTTP (wrk) vs pgbench TPC-B vs bare Fastify, interleaved rounds',
      machine: `shared ${os.cpus().length} cores, busy (other engineers' tests and benchmarks)`,
      clients: CLIENTS,
      secondsPerRun: SECONDS,
      rounds: ROUNDS,
      responseBytes: Buffer.byteLength(pgCarts.response),
      postgres: {
        cartAdd: summary(r.cartPostgres),
        ratioToPgbench: { ...ratio(r.cartPostgres, r.pgbench), goal: '≥ 0.5' },
        ratioToBareFastify: ratio(r.cartPostgres, r.bare),
      },
      pglite: {
        cartAdd: summary(r.cartPglite),
        ratioToPgbench: ratio(r.cartPglite, r.pgbench),
        ratioToBareFastify: ratio(r.cartPglite, r.bare),
      },
      pgbenchTps: summary(r.pgbench).rps,
      bareFastify: summary(r.bare),
    };
  } finally {
    await Promise.all([server.stop(), embedded.stop(), bare?.stop()]);
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
