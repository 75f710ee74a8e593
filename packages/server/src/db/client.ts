import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema/index';

export { DataDirLockedError, lockDataDir } from './data-dir-lock';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; has the same query API as Database. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection pool (for session-level work such as advisory locks). */
  pool?: pg.Pool;
  /** Answers when the database does (used by /healthz). */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: `onNotify` gets each payload; `onReset` is called when the
   * connection was lost and re-established (notifications may have been missed). Returns
   * a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onReset?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * PGlite settings: the embedded database is small and the page cache answers most reads,
 * so PostgreSQL's 128 MB of shared buffers (allocated inside the WebAssembly memory) buys
 * nothing; 16 MB keeps the server's idle RSS under ~300 MB (README, "Memory").
 */
const PGLITE_CONF = ['shared_buffers=16MB', 'wal_buffers=1MB', 'work_mem=4MB', 'maintenance_work_mem=16MB'];

/**
 * initdb in a short-lived child process: initdb's WebAssembly memory (~600 MB) is then
 * returned with the process instead of staying in the server's resident set for its whole
 * life. The child's code is inline (not a file beside this module) so that it also runs from
 * the bundled server (`npm start`), where only the bundle is emitted; it imports PGlite by
 * the URL this module resolves. Falls back to in-process when the child fails.
 */
async function initPgliteDir(dir: string): Promise<void> {
  const code = await new Promise<number | null>((resolve) => {
    // Resolved with require (import.meta.resolve is missing under Vitest's module runner).
    const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    const script = `const { PGlite } = require(${JSON.stringify(pglite)});
      const client = new PGlite(process.argv[1]);
      client.waitReady.then(() => client.close()).catch(() => process.exit(1));`;
    const child = spawn(process.execPath, ['-e', script, dir], { stdio: 'ignore' });
    child.on('error', () => resolve(null));
    child.on('exit', (c) => resolve(c));
  });
  if (code !== 0) {
    const client = new PGlite(dir);
    await client.waitReady;
    await client.close();
  }
}

/**
 * Open the system of record: PostgreSQL when `databaseUrl` is set, else PGlite with its
 * data in `dataDir/pglite` (one process per data dir: PGlite is single-connection).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** PGlite only: open an in-memory database (tests). */
  inMemory?: boolean;
  poolSize?: number;
  /**
   * An idle pooled connection failed (the server restarted, the network dropped). It must
   * not crash the process, and must not go unseen either: default, one line on stderr.
   */
  onPoolError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    pool.on(
      'error',
      options.onPoolError ?? ((error) => console.error(`database pool error: ${error.message}`)),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      pool,
      async ping() {
        await pool.query('select 1');
      },
      listen: (channel, onNotify, onReset) =>
        listenOnPostgres(options.databaseUrl as string, channel, onNotify, onReset),
      async close() {
        await pool.end();
      },
    };
  }
  let dir: string | undefined;
  if (!options.inMemory) {
    dir = path.join(options.dataDir ?? './data', 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  const release = dir ? lockDataDir(dir) : () => {};
  let client: PGlite;
  try {
    if (dir && !fs.existsSync(path.join(dir, 'PG_VERSION'))) await initPgliteDir(dir);
    // btree_gist: scheduling's exclusion constraints (no two bookings on the same staff time).
    client = new PGlite(dir, { postgresqlconf: PGLITE_CONF, extensions: { btree_gist } });
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async ping() {
      await client.query('select 1');
    },
    async listen(channel, onNotify) {
      // PGlite has one connection; notifications arrive after the notifying transaction commits.
      const stop = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    async close() {
      if (!client.closed) await client.close();
      release();
    },
  };
}

/**
 * A dedicated connection for LISTEN (a pooled one would be handed to queries). It reconnects
 * after an error with a short back-off and calls `onReset`, because notifications sent
 * while it was away are lost and whoever caches must drop what it holds.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReset?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', () => {
      if (stopped) return;
      client = undefined;
      next.end().catch(() => {});
      reconnect();
    });
    await next.connect();
    await next.query(`listen "${channel.replace(/"/g, '""')}"`);
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  };
  const reconnect = (): void => {
    setTimeout(() => {
      if (stopped) return;
      connect().then(
        () => onReset?.(),
        () => reconnect(),
      );
    }, 500).unref();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}
