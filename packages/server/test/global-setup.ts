import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { testDatabaseUrl } from './helpers/test-database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, closed PGlite data dir; each worker opens its own copy (~0.5 s, not ~3 s). */
    pgliteTemplateDir: string;
    /** PostgreSQL URL for the second back-end, or '' when not configured. */
    postgresUrl: string;
  }
}

/**
 * Prepare both database back-ends once per run: a migrated PGlite template directory and,
 * when TEST_DATABASE_URL names a test database (helpers/test-database-url.ts), a freshly
 * migrated PostgreSQL database.
 */
export default async function setup(project: TestProject) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  const template = await openDatabase({ dataDir: root });
  await migrateDatabase(template);
  await template.close();
  project.provide('pgliteTemplateDir', path.join(root, 'pglite'));

  const url = testDatabaseUrl();
  if (url) {
    const pg = await openDatabase({ databaseUrl: url, poolSize: 1 });
    // The test database is scratch space: start every run from an empty schema.
    await pg.db.execute(sql`drop schema if exists public cascade`);
    await pg.db.execute(sql`drop schema if exists drizzle cascade`);
    await pg.db.execute(sql`create schema public`);
    await migrateDatabase(pg);
    await pg.close();
  }
  project.provide('postgresUrl', url);
  return () => fs.rmSync(root, { recursive: true, force: true });
}
