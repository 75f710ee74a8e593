import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';

/**
 * `npm run db:migrate`: apply the checked-in migrations to DATABASE_URL (or the PGlite data
 * directory) and stop. The server also migrates at start; operators run this to migrate
 * ahead of a rolling deploy.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    console.log(`migrations applied (${database.kind})`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
