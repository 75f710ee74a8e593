import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshPostgresDatabase, repoRoot, spawnServer } from '../lib/spawn-server';
import { interleave, ratio, summary, type WrkResult, wrk } from '../lib/wrk';

/** Connections (buyers checking out at once), seconds per run, interleaved rounds. */
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** The provider's answer time for a charge (ms). */
const LATENCY = Number(process.env.BENCH_PAYMENT_LATENCY_MS ?? 100);
/**
 * The version before "Checkout charges the provider outside the database transaction":
 * BENCH_BEFORE_COMMIT, default the parent of the commit of that name.
 */
const CHANGE = 'Checkout charges the provider outside the database transaction';
const CHECKOUT = '/api/commerce/checkout';
const SKU = 'TEE-NAV-M';

type Server = Awaited<ReturnType<typeof spawnServer>>;

interface Shop {
  server: Server;
  crumb: string;
  itemId: string;
  body: string;
  /** Checkouts per second of the last run: how many carts the next run needs. */
  lastRate: number;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();

/**
 * A git worktree of the version before the change under the temp dir, sharing this
 * checkout's installed packages (its own workspace packages linked from its own tree).
 */
function worktreeBefore(): { dir: string; commit: string } {
  const named = git('log', '--format=%H', '-n', '1', '--fixed-strings', `--grep=${CHANGE}`);
  const commit = process.env.BENCH_BEFORE_COMMIT ?? (named ? git('rev-parse', `${named}^`) : '');
  if (!commit) throw new Error(`no commit named "${CHANGE}" in this history`);
  const dir = path.join(os.tmpdir(), `bench-checkout-${commit.slice(0, 10)}`);
  if (!fs.existsSync(path.join(dir, 'packages'))) git('worktree', 'add', '--detach', dir, commit);
  const modules = path.join(dir, 'node_modules');
  if (!fs.existsSync(modules)) {
    fs.mkdirSync(path.join(modules, '@store'), { recursive: true });
    for (const name of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
      if (name === '@store') continue;
      fs.symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name));
    }
    for (const pkg of fs.readdirSync(path.join(dir, 'packages'))) {
      fs.symlinkSync(path.join('..', '..', 'packages', pkg), path.join(modules, '@store', pkg));
      const own = path.join(repoRoot, 'packages', pkg, 'node_modules');
      const there = path.join(dir, 'packages', pkg, 'node_modules');
      if (fs.existsSync(own) && !fs.existsSync(there)) fs.symlinkSync(own, there);
    }
  }
  return { dir, commit };
}

async function startShop(src: string, env: Record<string, string>, latency: number): Promise<Shop> {
  const server = await spawnServer('bench/checkout/checkout-server.ts', {
    ...env,
    SERVER_SRC: src,
    PAYMENT_LATENCY_MS: String(latency),
    CART_WRITE_LIMIT: '0',
    SMTP_URL: '',
    NATS_URL: '',
    REDIS_URL: '',
  });
  const page = await fetch(`http://127.0.0.1:${server.port}/shop/p/classic-tee?format=json`);
  const cookie = page.headers.getSetCookie().find((c) => c.startsWith('crumb=')) ?? '';
  const crumb = /^crumb=([^;]+)/.exec(cookie)?.[1] ?? '';
  const itemId = ((await page.json()) as { item: { id: string } }).item.id;
  const shop: Shop = { server, crumb, itemId, body: '', lastRate: (CLIENTS * 1000) / Math.max(latency, 10) };
  const [token] = await createCarts(shop, 1);
  const cart = await fetch(`http://127.0.0.1:${server.port}/api/commerce/shopping-cart`, {
    headers: { cookie: `crumb=${crumb}; CART=${token}` },
  });
  const { shippingOptions } = (await cart.json()) as { shippingOptions: { id: string }[] };
  shop.body = JSON.stringify({
    email: 'bench@example.com',
    shippingAddress: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      address1: '1 Analytical Way',
      city: 'Hudson',
      region: 'NY',
      postalCode: '12534',
      country: 'US',
    },
    shippingOptionId: shippingOptions[0]?.id,
    payment: { token: 'tok_visa' },
  });
  return shop;
}

/** `count` carts holding one tee each (a checkout empties its cart: every request needs its own). */
async function createCarts(shop: Shop, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const body = JSON.stringify({ itemId: shop.itemId, sku: SKU, quantity: 1 });
  const one = async () => {
    const res = await fetch(`http://127.0.0.1:${shop.server.port}/api/commerce/shopping-cart/entries`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': shop.crumb,
        cookie: `crumb=${shop.crumb}`,
      },
      body,
    });
    if (!res.ok) throw new Error(`cart add failed: ${res.status} ${await res.text()}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('CART='));
    if (!cookie) throw new Error('no CART cookie');
    tokens.push(cookie.slice(5, cookie.indexOf(';')));
  };
  for (let done = 0; done < count; done += 16)
    await Promise.all(Array.from({ length: Math.min(16, count - done) }, one));
  return tokens;
}

/** wrk script: each request checks out the next unused cart (the two threads take alternate ones). */
function checkoutScript(shop: Shop, tokens: string[]): string {
  return `
local tokens = { ${tokens.map((t) => JSON.stringify(t)).join(', ')} }
local body = ${JSON.stringify(shop.body)}
local next_thread = 0
function setup(thread)
  thread:set('first', next_thread)
  next_thread = next_thread + 1
end
local used = 0
function request()
  local i = math.min(first + used * 2 + 1, #tokens)
  used = used + 1
  return wrk.format('POST', '${CHECKOUT}', {
    ['content-type'] = 'application/json',
    ['x-csrf-token'] = '${shop.crumb}',
    ['cookie'] = 'crumb=${shop.crumb}; CART=' .. tokens[i],
  }, body)
end
`;
}

async function checkoutRun(shop: Shop): Promise<WrkResult> {
  // Enough carts for the fastest rate seen, with room to spare; the rest stay unused.
  const tokens = await createCarts(shop, Math.ceil(shop.lastRate * SECONDS * 1.6) + 2 * CLIENTS);
  const result = await wrk({
    url: `http://127.0.0.1:${shop.server.port}${CHECKOUT}`,
    connections: CLIENTS,
    seconds: SECONDS,
    lua: checkoutScript(shop, tokens),
    // A queued checkout may take seconds: measure it rather than count it as a timeout.
    timeoutSeconds: 30,
  });
  shop.lastRate = Math.max(result.requestsPerSecond, 1);
  return result;
}

/**
 * Checkout over HTTP (wrk, CLIENTS buyers at once, each on a cart of its own, all buying the
 * same stock-tracked tee) with a provider answering each charge after LATENCY ms: the version
 * before the charge moved out of the database transaction against this one, on PostgreSQL
 * and PGlite, and on PostgreSQL with an instant provider too (what the third step costs), in
 * interleaved rounds.
 */
export async function run() {
  const before = worktreeBefore();
  const beforeSrc = path.join(before.dir, 'packages/server/src');
  const nowSrc = path.join(repoRoot, 'packages/server/src');
  const beforeUrl = await freshPostgresDatabase('bench_checkout_before');
  const nowUrl = await freshPostgresDatabase('bench_checkout_now');
  const dirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-pglite-')));
  const shops: Shop[] = [];
  const start = async (src: string, env: Record<string, string>, latency: number) => {
    const shop = await startShop(src, env, latency);
    shops.push(shop);
    return shop;
  };
  try {
    const pgBefore = await start(beforeSrc, { DATABASE_URL: beforeUrl }, LATENCY);
    const pgNow = await start(nowSrc, { DATABASE_URL: nowUrl }, LATENCY);
    const pgBeforeInstant = await start(beforeSrc, { DATABASE_URL: beforeUrl }, 0);
    const pgNowInstant = await start(nowSrc, { DATABASE_URL: nowUrl }, 0);
    const liteBefore = await start(beforeSrc, { DATA_DIR: dirs[0] ?? '' }, LATENCY);
    const liteNow = await start(nowSrc, { DATA_DIR: dirs[1] ?? '' }, LATENCY);
    const contenders = {
      pgBefore: () => checkoutRun(pgBefore),
      pgNow: () => checkoutRun(pgNow),
      liteBefore: () => checkoutRun(liteBefore),
      liteNow: () => checkoutRun(liteNow),
      pgBeforeInstant: () => checkoutRun(pgBeforeInstant),
      pgNowInstant: () => checkoutRun(pgNowInstant),
    };
    for (const warm of Object.values(contenders)) await warm(); // JIT, pools, prepared statements
    const r = await interleave(ROUNDS, contenders);
    return {
      name: `checkout with a provider answering in ${LATENCY} ms: before "${CHANGE}" vs now, interleaved rounds`,
      before: before.commit,
      now: git('rev-parse', 'HEAD'),
      machine: `shared ${os.cpus().length} cores, busy (other engineers' tests and benchmarks)`,
      clients: CLIENTS,
      secondsPerRun: SECONDS,
      rounds: ROUNDS,
      postgres: {
        before: summary(r.pgBefore),
        now: summary(r.pgNow),
        ratioNowToBefore: ratio(r.pgNow, r.pgBefore),
      },
      pglite: {
        before: summary(r.liteBefore),
        now: summary(r.liteNow),
        ratioNowToBefore: ratio(r.liteNow, r.liteBefore),
      },
      postgresInstantProvider: {
        before: summary(r.pgBeforeInstant),
        now: summary(r.pgNowInstant),
        ratioNowToBefore: ratio(r.pgNowInstant, r.pgBeforeInstant),
      },
    };
  } finally {
    await Promise.all(shops.map((s) => s.server.stop()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    // The worktree is made again next time (a few seconds); the repository keeps no stray one.
    git('worktree', 'remove', '--force', before.dir);
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
