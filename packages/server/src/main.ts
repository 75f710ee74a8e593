import { buildApp } from './app';
import { startAdminSocket } from './cli/admin-socket';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/client';

/**
 * Crash tests only (NODE_ENV=test): CHECKOUT_CRASH_AT=reserved|charged|confirmed kills the
 * process with SIGKILL as a checkout reaches that point, and CHECKOUT_STALE_SECONDS /
 * CHECKOUT_SWEEP_MS shorten how soon the restarted process settles what it left behind.
 */
function crashPoints() {
  if (process.env.NODE_ENV !== 'test') return undefined;
  const at = process.env.CHECKOUT_CRASH_AT;
  const number = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  return {
    staleSeconds: number('CHECKOUT_STALE_SECONDS'),
    sweepEveryMs: number('CHECKOUT_SWEEP_MS'),
    ...(at ? { reached: (point: string) => point === at && process.kill(process.pid, 'SIGKILL') } : {}),
  };
}

/**
 * Renewal crash tests only (NODE_ENV=test): RENEWAL_CRASH_AT=claimed|charged|recorded kills the
 * process as a renewal reaches that point; RENEWAL_NOW fixes the renewals' clock (ISO);
 * RENEWAL_FIRST_MS, RENEWAL_EVERY_MS and RENEWAL_STALE_SECONDS make a restarted process finish sooner, and
 * RENEWAL_WEBSITE_ID keeps it to the test's site on a shared database.
 */
function renewalCrashPoints() {
  if (process.env.NODE_ENV !== 'test') return undefined;
  const env = process.env;
  const at = env.RENEWAL_CRASH_AT;
  const now = env.RENEWAL_NOW ? new Date(env.RENEWAL_NOW) : undefined;
  return {
    ...(now ? { clock: () => now } : {}),
    ...(env.RENEWAL_EVERY_MS ? { everyMs: Number(env.RENEWAL_EVERY_MS) } : {}),
    ...(env.RENEWAL_FIRST_MS ? { firstMs: Number(env.RENEWAL_FIRST_MS) } : {}),
    ...(env.RENEWAL_STALE_SECONDS ? { staleSeconds: Number(env.RENEWAL_STALE_SECONDS) } : {}),
    ...(env.RENEWAL_WEBSITE_ID ? { websiteId: env.RENEWAL_WEBSITE_ID } : {}),
    ...(at ? { reached: (point: string) => point === at && process.kill(process.pid, 'SIGKILL') } : {}),
  };
}

/** `npm start`: validate configuration, build the app, listen, shut down gracefully. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, checkout: crashPoints(), renewals: renewalCrashPoints() });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  // PGlite: local admin requests (create-owner) reach this process over a Unix socket.
  if (!config.databaseUrl) {
    const admin = await startAdminSocket(app.database.db, config.dataDir);
    app.addHook('onClose', async () => {
      admin.close();
    });
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, waits for in-flight requests, closes the database
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `serving the site at http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
}

main().catch((error) => {
  process.stderr.write(`failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
