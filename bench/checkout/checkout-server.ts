import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';

/**
 * The shop server of one version of the code (SERVER_SRC: its packages/server/src), whose
 * payment provider answers a charge only after PAYMENT_LATENCY_MS, as a card network would.
 * The provider is the built-in test mode, kept in memory, wrapped; both the version before
 * checkout moved the charge out of its transaction and the current one take it through
 * `buildApp({ payments })`. The tee sold in the benchmark gets stock enough for every run.
 */
const src = process.env.SERVER_SRC ?? path.resolve(import.meta.dirname, '../../packages/server/src');
const latency = Number(process.env.PAYMENT_LATENCY_MS ?? 100);
const load = (file: string) => import(pathToFileURL(path.join(src, file)).href);

const { buildApp } = await load('app.ts');
const { loadConfig } = await load('config.ts');
const { createTestPaymentProvider } = await load('services/payments/test-payment-provider.ts');

const base = createTestPaymentProvider();
const slow = new Proxy(base, {
  get(target, key) {
    const value = Reflect.get(target, key);
    if (typeof value !== 'function') return value;
    if (key !== 'charge') return value.bind(target);
    return async (...args: unknown[]) => {
      if (latency > 0) await new Promise((r) => setTimeout(r, latency));
      return value.apply(target, args);
    };
  },
});

const config = loadConfig();
const app = await buildApp({ config, payments: slow });
await app.database.db.execute(sql`update variants set qty_in_stock = 100000000 where sku = 'TEE-NAV-M'`);
await app.listen({ port: config.port, host: config.host });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
