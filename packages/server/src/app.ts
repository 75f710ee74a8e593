import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import http from 'node:http';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { crumbProtection } from './plugins/crumb';
import { edgeValidation } from './plugins/edge-validation';
import { clientErrorHandler } from './plugins/client-error';
import { errorContract, isApiPath, sendApiError } from './plugins/error-contract';
import { limitsPlugin } from './plugins/limits';
import { redactingLoggerOptions } from './plugins/log-redaction';
import { securityHeaders } from './plugins/security-headers';
import { idempotencyKeys } from './plugins/idempotency';
import { siteUserSession } from './plugins/owner-auth';
import { siteResolver } from './plugins/site';
import { siteRequired } from './plugins/site-required';
import { siteChangesPlugin } from './plugins/site-changes';
import { trackingQueuePlugin } from './queue/tracking-queue.plugin';
import { censusRoutes } from './routes/census.routes';
import { clankerRoutes } from './routes/clanker.routes';
import { contributorRoutes } from './routes/contributors.routes';
import { eventsRoutes } from './routes/events.routes';
import { performanceRoutes } from './routes/performance.routes';
import { cartRoutes } from './routes/cart.routes';
import { type CheckoutRouteOptions, checkoutRoutes } from './routes/checkout.routes';
import { orderRoutes } from './routes/orders.routes';
import { formRoutes } from './routes/forms.routes';
import { downloadRoutes } from './routes/downloads.routes';
import { giftCardRoutes } from './routes/gift-cards.routes';
import { ownerDataRoutes } from './routes/owner-data.routes';
import { ownerStoreRoutes } from './routes/owner-store.routes';
import { ownerRoutes } from './routes/owner.routes';
import { restockRoutes } from './routes/restock.routes';
import { newsletterRoutes } from './routes/newsletter.routes';
import { reviewRoutes } from './routes/reviews.routes';
import { schedulingRoutes } from './routes/scheduling.routes';
import { schedulingPublicRoutes } from './routes/scheduling-public.routes';
import { analyticsRoutes } from './routes/analytics.routes';
import { openApiCollector, openApiRoutes } from './routes/openapi.routes';
import { healthRoutes } from './routes/health.routes';
import { inventoryRoutes } from './routes/inventory.routes';
import type { PageRenderer } from './pages/render-page';
import { pageRoutes } from './routes/pages.routes';
import { siteUserRoutes } from './routes/site-users.routes';
import { passwordResetRoutes } from './routes/password-reset.routes';
import { twoFactorRoutes } from './routes/two-factor.routes';
import { customerAccountRoutes } from './routes/customer-account.routes';
import { seoRoutes } from './routes/seo.routes';
import { staticAssetRoutes } from './routes/static-assets.routes';
import { studioAppRoutes } from './routes/studio-app.routes';
import { studioMediaRoutes } from './routes/studio-media.routes';
import { studioPageRoutes } from './routes/studio-pages.routes';
import { studioProductRoutes } from './routes/studio-products.routes';
import { storeContentRoutes } from './routes/store-content.routes';
import { studioPostRoutes } from './routes/studio-posts.routes';
import { studioSiteRoutes } from './routes/studio-site.routes';
import { setupRoutes } from './routes/setup.routes';
import { studioBrandingRoutes } from './routes/studio-branding.routes';
import { studioFormRoutes } from './routes/studio-forms.routes';
import { storeSettingsRoutes } from './routes/store-settings.routes';
import { paymentSettingsRoutes } from './routes/payment-settings.routes';
import { paymentConfigRoutes } from './routes/payment-config.routes';
import { mailSettingsRoutes } from './routes/mail-settings.routes';
import { checkoutPaymentPolicy } from './plugins/checkout-csp';
import { dropSitePagesOnSuccess } from './pages/page-invalidation';
import { multilingualRoutes } from './routes/multilingual.routes';
import { seedIfEmpty } from './seed/seed-demo-site';
import { jobScheduler } from './services/jobs/scheduler-plugin';
import { outboxWorker } from './services/outbox/outbox-plugin';
import { fixedPayments, type SitePayments, testPayments } from './services/payments/default-provider';
import { sitePayments } from './services/payments/site-payments';
import type { PaymentProvider } from './services/payments/payment-provider';
import { ApiError } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    config: AppConfig;
    /** Which payment provider each site's checkouts use (services/payments/default-provider.ts). */
    payments: SitePayments;
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
  /** One payment provider for every site (tests); default: each site's own setting. */
  payments?: PaymentProvider;
  /** How each site's provider is found (default: the built-in test-mode provider). */
  sitePayments?: SitePayments;
  /** Checkout timing (tests shorten it) and the points a crash test stops the process at. */
  checkout?: CheckoutRouteOptions;
  /** Connection timeouts in ms (tests shorten them); defaults in `TIMEOUTS` and REQUEST_TIMEOUT_MS. */
  timeouts?: Partial<typeof TIMEOUTS>;
  /** Renders site pages (default: the theme through the template engine). */
  pageRenderer?: PageRenderer;
  /** The clock of reset links, sign-in tickets and authenticator codes (tests move it). */
  accountClock?: () => Date;
}

/**
 * A request whose headers or body never complete must not hold its connection for
 * minutes: headers within 10 s, the whole request within 30 s (REQUEST_TIMEOUT_MS), idle
 * keep-alive 5 s. A request that runs out of time is answered 408 (clientErrorHandler).
 */
export const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/** A socket with no traffic either way for this long past the request timeout is dropped. */
const IDLE_GRACE_MS = 5_000;

/** Fastify's trustProxy: a hop count becomes "trust the nearest n hops". */
function trustProxyOption(
  value: AppConfig['trustProxy'],
): boolean | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_addr, hop) => hop < value;
  return value ?? false;
}

/**
 * Build the application: used by `npm start` (main.ts) and by the tests. Opens (or takes)
 * the database, applies migrations, seeds the demo site on an empty database, and
 * registers one encapsulated plugin per API area.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const requestMs = options.timeouts?.requestMs ?? config.requestTimeoutMs ?? TIMEOUTS.requestMs;
  const timeouts = {
    ...TIMEOUTS,
    ...options.timeouts,
    requestMs,
    // Node refuses a headers timeout longer than the request timeout.
    headersMs: Math.min(options.timeouts?.headersMs ?? TIMEOUTS.headersMs, requestMs),
  };
  const logger = options.logger ?? { level: config.logLevel };
  const app = Fastify({
    logger: typeof logger === 'object' && logger !== null ? redactingLoggerOptions(logger) : logger,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    // Nobody's X-Forwarded-* is believed unless TRUST_PROXY says which proxies to trust:
    // otherwise any client picks its own address and walks past every per-address limit.
    trustProxy: trustProxyOption(config.trustProxy),
    serverFactory: (handler) => {
      const server = http.createServer(
        {
          headersTimeout: timeouts.headersMs,
          requestTimeout: timeouts.requestMs,
          keepAliveTimeout: timeouts.keepAliveMs,
          // Node checks the timeouts above on this interval (default 30 s: far too coarse).
          connectionsCheckingInterval: Math.min(1_000, timeouts.headersMs),
        },
        handler,
      );
      // A socket with no traffic at all is dropped too, but only after the request timeout
      // has had its turn: that one answers 408, this one just closes.
      server.setTimeout(timeouts.requestMs + IDLE_GRACE_MS);
      return server;
    },
    clientErrorHandler,
    // Errors the router raises before any route runs (a broken %-escape in the URL).
    frameworkErrors: (_error, request, rawReply) => {
      const reply = rawReply as FastifyReply;
      const apiError = new ApiError('BAD_REQUEST', 'The address could not be understood.');
      if (isApiPath(request.url)) return sendApiError(reply, apiError);
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Bad request</title><h1>Bad request</h1>');
    },
    // Per-request log lines only when debugging: they cost throughput on the hot path.
    logController: new LogController({
      disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
  });
  const ownsDatabase = !options.database;
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    }));
  app.decorate('database', database);
  app.decorate('config', config);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.close();
  });
  let demoSiteSeeded: string | undefined;
  if (ownsDatabase) {
    await migrateDatabase(database);
    demoSiteSeeded = config.seedDemo ? await seedIfEmpty(database.db) : undefined;
    if (demoSiteSeeded) app.log.info('seeded the demo site');
  }
  // After the migrations: the test-mode provider reads its secret from the database.
  // Each site's own provider (Store settings → Payments), else the built-in test mode.
  const testMode = await testPayments(database.db);
  const siteProviders = options.payments
    ? undefined
    : sitePayments(database.db, config, { fallback: async () => testMode, databaseKind: database.kind });
  app.decorate(
    'payments',
    options.sitePayments ?? siteProviders ?? fixedPayments(options.payments ?? testMode),
  );

  await app.register(errorContract);
  await app.register(securityHeaders);
  // Schema-first API: each route plugin declares zod schemas from @store/api (routes/api-schema.ts);
  // the collector turns them into the OpenAPI document.
  await app.register(openApiCollector);
  // brotli/gzip for JSON and other responses over 4 KiB (smaller ones fit the first TCP
  // round trip anyway, and the compression stream cost the cart add ~15 % of its CPU);
  // pages and the theme CSS arrive precompressed (content-encoding set) and pass untouched.
  await app.register(fastifyCompress, { global: true, threshold: 4096, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(edgeValidation);
  // Change notifications first: the host lookup, pages and rules caches all follow them.
  await app.register(siteChangesPlugin);
  await app.register(siteResolver, { db: database.db });
  // Before the first site exists, API calls other than setup answer 503 with what to do.
  await app.register(siteRequired);
  await app.register(limitsPlugin);
  await app.register(crumbProtection);
  await app.register(siteUserSession);
  // After the session (a key belongs to its caller), before the routes it serves.
  await app.register(idempotencyKeys);

  await app.register(healthRoutes);
  await app.register(staticAssetRoutes);
  await app.register(seoRoutes);
  // API areas (spec §7): one encapsulated plugin each, under /api.
  const cartLimit = options.cartWritesPer10s ?? config.cartWritesPer10s ?? 100;
  await app.register(cartRoutes, { writesPer10s: cartLimit === 0 ? false : cartLimit });
  await app.register(inventoryRoutes);
  await app.register(checkoutRoutes, {
    reservationSeconds: config.checkoutReservationSeconds,
    ...options.checkout,
  });
  await app.register(giftCardRoutes);
  await app.register(downloadRoutes, { demoSiteSeeded });
  await app.register(orderRoutes);
  await app.register(siteUserRoutes, { now: options.accountClock });
  await app.register(customerAccountRoutes);
  await app.register(passwordResetRoutes, { now: options.accountClock });
  await app.register(twoFactorRoutes, { now: options.accountClock });
  await app.register(formRoutes);
  await app.register(outboxWorker);
  // Daily tracking retention and any later periodic job: one process at a time.
  await app.register(jobScheduler);
  await app.register(restockRoutes);
  await app.register(reviewRoutes);
  await app.register(newsletterRoutes);
  await app.register(ownerRoutes);
  await app.register(ownerDataRoutes);
  await app.register(ownerStoreRoutes);
  await app.register(trackingQueuePlugin);
  await app.register(censusRoutes);
  await app.register(eventsRoutes);
  await app.register(clankerRoutes);
  await app.register(performanceRoutes);
  await app.register(analyticsRoutes);
  await app.register(storeSettingsRoutes);
  await app.register(paymentSettingsRoutes, { onSaved: (siteId: string) => siteProviders?.forget(siteId) });
  await app.register(paymentConfigRoutes);
  await app.register(mailSettingsRoutes);
  await app.register(checkoutPaymentPolicy);
  await app.register(contributorRoutes);
  await app.register(schedulingRoutes);
  await app.register(schedulingPublicRoutes);
  // The studio (#13): its API areas and the app under /config.
  await app.register(async (studio) => {
    // A successful studio write drops this process's cached pages of the site before it answers.
    studio.addHook('onSend', dropSitePagesOnSuccess);
    await studio.register(studioSiteRoutes);
    await studio.register(studioBrandingRoutes);
    await studio.register(studioFormRoutes);
    await studio.register(studioPageRoutes);
    await studio.register(studioMediaRoutes);
    await studio.register(studioPostRoutes);
    await studio.register(storeContentRoutes);
    await studio.register(studioProductRoutes);
    await studio.register(studioAppRoutes);
    await studio.register(multilingualRoutes);
  });
  // First run (the setup screen), the starters' pictures, and publishing the site.
  await app.register(setupRoutes);
  await app.register(openApiRoutes);
  await app.register(pageRoutes, { renderer: options.pageRenderer });
  return app;
}
