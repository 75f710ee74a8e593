import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDemoDownload } from '../seed/demo-download';
import { seedIfEmpty } from '../seed/seed-demo-site';
import { productFileStorage } from '../services/downloads/file-storage';

/** `npm run seed`: apply migrations and seed the demo site into an empty database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const seeded = await seedIfEmpty(database.db);
    if (seeded) await seedDemoDownload(database.db, productFileStorage(config), seeded);
    console.log(seeded ? 'seeded the demo site' : 'a default site already exists; nothing to do');
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
