import { fileURLToPath } from 'node:url';
import { type LoadRequest, median, runLoad } from '../lib/load';
import { freshPostgresDatabase, spawnServer } from '../lib/spawn-server';

const CONNECTIONS = 16;
const SECONDS = 8;
const ROUNDS = 3;
const CRUMB = 'bench-crumb-0123456789abcdef';

/**
 * Cart benchmark over real HTTP against PostgreSQL: each virtual user adds an item and reads
 * its cart, over and over. Compared with a bare Fastify route in the same run.
 */
export async function run() {
  const databaseUrl = await freshPostgresDatabase('store_bench_cart');
  const server = await spawnServer('packages/server/src/main.ts', {
    DATABASE_URL: databaseUrl,
    CART_WRITE_LIMIT: '0',
    DATA_DIR: '/tmp/store-bench-unused',
  });
  const bare = await spawnServer('bench/cart/bare-server.ts', {});
  try {
    const ctx = await (await fetch(`http://127.0.0.1:${server.port}/shop/p/canvas-tote?format=json`)).json();
    const itemId = ctx.item.id as string;
    const body = JSON.stringify({ itemId, sku: 'TOTE-1', quantity: 1, additionalFields: null });
    const cartRounds: Awaited<ReturnType<typeof runLoad>>[] = [];
    const bareRounds: Awaited<ReturnType<typeof runLoad>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      cartRounds.push(
        await runLoad({
          port: server.port,
          connections: CONNECTIONS,
          seconds: SECONDS,
          user: () => {
            let cart = '';
            let add = true;
            return (previous) => {
              const setCookie = previous?.headers['set-cookie']?.find((c) => c.startsWith('CART='));
              if (setCookie) cart = setCookie.slice(5, setCookie.indexOf(';'));
              const cookie = `crumb=${CRUMB}${cart ? `; CART=${cart}` : ''}`;
              const req: LoadRequest = add
                ? {
                    method: 'POST',
                    path: '/api/commerce/shopping-cart/entries',
                    headers: { 'content-type': 'application/json', 'x-csrf-token': CRUMB, cookie },
                    body,
                  }
                : {
                    method: 'GET',
                    path: '/api/commerce/shopping-cart?calculateSubtotal=true',
                    headers: { cookie },
                  };
              add = !add;
              return req;
            };
          },
        }),
      );
      bareRounds.push(
        await runLoad({
          port: bare.port,
          connections: CONNECTIONS,
          seconds: SECONDS,
          user: () => {
            let add = true;
            return () => {
              add = !add;
              return add
                ? { method: 'POST', path: '/bare', headers: { 'content-type': 'application/json' }, body }
                : { method: 'GET', path: '/bare' };
            };
          },
        }),
      );
    }
    const cartRps = median(cartRounds.map((r) => r.requestsPerSecond));
    const bareRps = median(bareRounds.map((r) => r.requestsPerSecond));
    return {
      name: 'cart (add entry + get cart) over HTTP on PostgreSQL',
      figures: {
        connections: CONNECTIONS,
        secondsPerRound: SECONDS,
        rounds: ROUNDS,
        cartRequestsPerSecondMedian: Math.round(cartRps),
        cartP99MsMedian: Number(median(cartRounds.map((r) => r.p99Ms)).toFixed(2)),
        cartP50MsMedian: Number(median(cartRounds.map((r) => r.p50Ms)).toFixed(2)),
        cartErrors: cartRounds.reduce((n, r) => n + r.errors, 0),
        bareRequestsPerSecondMedian: Math.round(bareRps),
        bareP99MsMedian: Number(median(bareRounds.map((r) => r.p99Ms)).toFixed(2)),
        cartToBareRatio: Number((cartRps / bareRps).toFixed(3)),
      },
    };
  } finally {
    await Promise.all([server.stop(), bare.stop()]);
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
