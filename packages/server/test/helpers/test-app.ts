import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app';
import type { DatabaseHandle } from '../../src/db/client';
import { seedDemoSite } from '../../src/seed/seed-demo-site';
import { type Backend, testDatabase, uniqueHost } from './test-db';

export interface TestSite {
  app: FastifyInstance;
  host: string;
  websiteId: string;
  /** A crumb signed for this site (what a page response would have set). */
  crumb: string;
  /** app.inject with this site's Host header and a valid crumb (cookie + header). */
  request(
    options: InjectOptions & { crumb?: boolean; cookies?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

/** Build an app on the shared worker database and seed a fresh demo site on its own host. */
export async function createTestSite(
  backend: Backend,
  options: {
    config?: Record<string, unknown>;
    appOptions?: Partial<BuildAppOptions>;
    /**
     * A database of the test's own (`emptyDatabase`) instead of the worker's shared one: for a
     * test of a background worker, which other files' apps and servers sharing the PostgreSQL
     * test database would otherwise race for the rows it watches.
     */
    database?: DatabaseHandle;
  } = {},
): Promise<TestSite> {
  const database = options.database ?? (await testDatabase(backend));
  const app = await buildApp({
    database,
    logger: false,
    // Apps of other test files share this database: only a test that asks for webhook
    // delivery runs the worker, so no other app claims (and refuses) its deliveries.
    webhookDelivery: false,
    // Likewise renewals: a test renews by calling runDueRenewals with its own clock, and no
    // other app's timer charges its subscriptions meanwhile.
    renewals: { everyMs: 0 },
    ...options.appOptions,
    config: {
      dataDir: '/nonexistent',
      databaseUrl: undefined,
      logLevel: 'silent',
      smtpUrl: undefined,
      natsUrl: undefined,
      seedDemo: false,
      cartWritesPer10s: 100,
      // Tests stand in for a trusted proxy (X-Forwarded-For picks the client address);
      // the default (trust nobody) is tested in hardening.test.ts.
      trustProxy: true,
      ...options.config,
    },
  });
  const host = uniqueHost();
  const websiteId = await seedDemoSite(database.db, { identifier: host, hosts: [host], isDefault: false });
  const signed = app.crumbs.issue(websiteId);
  return {
    app,
    host,
    websiteId,
    crumb: signed,
    request({ crumb = true, cookies = {}, headers = {}, ...rest }) {
      const jar = { ...(crumb ? { crumb: signed } : {}), ...cookies };
      return app.inject({
        ...rest,
        headers: {
          host,
          ...(crumb ? { 'x-csrf-token': signed } : {}),
          cookie: Object.entries(jar)
            .map(([k, v]) => `${k}=${v}`)
            .join('; '),
          ...headers,
        },
      });
    },
  };
}
