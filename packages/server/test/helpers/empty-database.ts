import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { type AppConfig, buildApp } from '../../src/app';
import { type DatabaseHandle, openDatabase } from '../../src/db/client';
import { migrateDatabase } from '../../src/db/migrate';
import type { Backend } from './test-db';

/**
 * A database with no website at all, as a new deployment has (the shared worker database
 * holds every other test's sites). PGlite: a copy of the migrated template; PostgreSQL: a
 * database of its own beside the test database, dropped again by `drop()`.
 */
export async function emptyDatabase(backend: Backend): Promise<{
  database: DatabaseHandle;
  /** What a server or CLI process is started with to use the same database. */
  env: { DATA_DIR: string; DATABASE_URL: string };
  drop(): Promise<void>;
}> {
  if (backend === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-empty-'));
    fs.cpSync(inject('pgliteTemplateDir'), path.join(dir, 'pglite'), { recursive: true });
    const database = await openDatabase({ dataDir: dir });
    return {
      database,
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      async drop() {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const base = new URL(inject('postgresUrl'));
  const name = `${base.pathname.slice(1)}_empty_${randomUUID().slice(0, 8)}`.replace(/[^a-z0-9_]/gi, '_');
  const admin = await openDatabase({ databaseUrl: base.toString(), poolSize: 1 });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await migrateDatabase(database);
  return {
    database,
    env: { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'store-empty-')), DATABASE_URL: url.toString() },
    async drop() {
      await database.close();
      await admin.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await admin.close();
    },
  };
}

/** An app on an empty database (no site, no demo), like `SEED_DEMO=false` on a new server. */
export async function emptyApp(
  backend: Backend,
  config: Partial<AppConfig> = {},
): Promise<{ app: FastifyInstance; database: DatabaseHandle; close(): Promise<void> }> {
  const { database, drop } = await emptyDatabase(backend);
  const app = await buildApp({
    database,
    logger: false,
    config: {
      dataDir: '/nonexistent',
      databaseUrl: undefined,
      logLevel: 'silent',
      smtpUrl: undefined,
      natsUrl: undefined,
      seedDemo: false,
      cartWritesPer10s: 100,
      ...config,
    },
  });
  return {
    app,
    database,
    async close() {
      await app.close();
      await drop();
    },
  };
}
