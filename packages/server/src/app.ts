import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { crumbProtection } from './plugins/crumb';
import { errorContract } from './plugins/error-contract';
import { siteUserSession } from './plugins/owner-auth';
import { siteResolver } from './plugins/site';
import { trackingQueuePlugin } from './queue/tracking-queue.plugin';
import { censusRoutes } from './routes/census.routes';
import { clankerRoutes } from './routes/clanker.routes';
import { eventsRoutes } from './routes/events.routes';
import { performanceRoutes } from './routes/performance.routes';
import { cartRoutes } from './routes/cart.routes';
import { checkoutRoutes } from './routes/checkout.routes';
import { formRoutes } from './routes/forms.routes';
import { ownerRoutes } from './routes/owner.routes';
import { restockRoutes } from './routes/restock.routes';
import { analyticsRoutes } from './routes/analytics.routes';
import { healthRoutes } from './routes/health.routes';
import { inventoryRoutes } from './routes/inventory.routes';
import { pageRoutes } from './routes/pages.routes';
import { siteUserRoutes } from './routes/site-users.routes';
import { staticAssetRoutes } from './routes/static-assets.routes';
import { seedIfEmpty } from './seed/seed-demo-site';
import { outboxWorker } from './services/outbox/outbox-plugin';
import type { PaymentProvider } from './services/payments/payment-provider';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: AppConfig;
  }
}

export type AppConfig = Omit<Config, 'port' | 'host'>;

export interface BuildAppOptions {
  config: AppConfig;
  /** Use this database (tests share one per worker); otherwise one is opened from config. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Largest accepted request body in bytes (default 1 MiB); larger → 413. */
  bodyLimit?: number;
  /** Cart writes allowed per IP per 10 s (default 100; false disables, e.g. in benchmarks). */
  cartWritesPer10s?: number | false;
  /** Payment provider for checkout (default: the built-in test-mode provider). */
  payments?: PaymentProvider;
}

/**
 * Build the application: used by `npm start` (main.ts) and by the tests. Opens (or takes)
 * the database, applies migrations, seeds the demo site on an empty database, and
 * registers one encapsulated plugin per API area.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    trustProxy: true,
    // Per-request log lines only when debugging: they cost throughput on the hot path.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  const ownsDatabase = !options.database;
  const database =
    options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  app.decorate('database', database);
  app.decorate('config', config);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  if (ownsDatabase) {
    await migrateDatabase(database);
    if (config.seedDemo && (await seedIfEmpty(database.db))) app.log.info('seeded the demo site');
  }

  await app.register(errorContract);
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(siteResolver, { db: database.db });
  await app.register(crumbProtection);
  await app.register(siteUserSession);

  await app.register(healthRoutes);
  await app.register(staticAssetRoutes);
  // API areas (spec §7): one encapsulated plugin each, under /api.
  const cartLimit = options.cartWritesPer10s ?? config.cartWritesPer10s ?? 100;
  await app.register(cartRoutes, { writesPer10s: cartLimit === 0 ? false : cartLimit });
  await app.register(inventoryRoutes);
  await app.register(checkoutRoutes, { payments: options.payments });
  await app.register(siteUserRoutes);
  await app.register(formRoutes);
  await app.register(outboxWorker);
  await app.register(restockRoutes);
  await app.register(ownerRoutes);
  await app.register(trackingQueuePlugin);
  await app.register(censusRoutes);
  await app.register(eventsRoutes);
  await app.register(clankerRoutes);
  await app.register(performanceRoutes);
  await app.register(analyticsRoutes);
  await app.register(pageRoutes);
  return app;
}
