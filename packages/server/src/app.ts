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
import { requestIdGenerator } from './plugins/observability';
import { clientErrorHandler } from './plugins/client-error';
import { isApiPath, sendApiError } from './plugins/error-contract';
import { redactingLoggerOptions } from './plugins/log-redaction';
import type { CheckoutRouteOptions } from './routes/checkout.routes';
import type { PageRenderer } from './pages/render-page';
import { seedIfEmpty } from './seed/seed-demo-site';
import { fixedPayments, type SitePayments, testPayments } from './services/payments/default-provider';
import { sitePayments } from './services/payments/site-payments';
import type { PaymentProvider } from './services/payments/payment-provider';
import type { RenewalSettings } from './services/subscriptions/renewal-timer';
import { ApiError } from './errors';
import { registerEdgePlugins, registerWorkers } from './plugins/index';
import { registerRoutes } from './routes/index';

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
  /** Subscription renewals: their clock and how often they run (tests drive both). */
  renewals?: RenewalSettings;
  /**
   * false: this process queues webhook events but leaves sending them to the other processes
   * (tests whose apps share one database keep deliveries to the app that owns the receiver).
   */
  webhookDelivery?: boolean;
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
    // Every answer and each of its log lines carry one id (X-Request-Id); a trusted proxy's id is kept.
    requestIdHeader: false,
    genReqId: requestIdGenerator(Boolean(config.trustProxy)),
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
      onPoolError: (error) => app.log.error({ err: error }, 'database pool error'),
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

  // The plugins every request passes through, in order, then the workers, then one plugin per
  // API area (plugins/index.ts, routes/index.ts: a new plugin or route area gets its line there).
  app.decorate('renewalSettings', options.renewals ?? {});
  await registerEdgePlugins(app);
  await registerWorkers(app, { webhookDelivery: options.webhookDelivery !== false });
  await registerRoutes(app, {
    cartWritesPer10s: options.cartWritesPer10s,
    checkout: options.checkout,
    accountClock: options.accountClock,
    pageRenderer: options.pageRenderer,
    demoSiteSeeded,
    onPaymentSettingsSaved: (siteId) => siteProviders?.forget(siteId),
  });
  return app;
}
