import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createOwner, ownerInput } from '../services/owner/create-owner';
import { askAdminSocket } from './admin-socket';

const USAGE = `Usage: npm run create-owner -- --email <email> [--site <identifier|host>] [--password-stdin]
Creates (or resets) an owner account on a website (default: the default site).
The password is read from OWNER_PASSWORD, or from stdin with --password-stdin
(never from the command line, where other users could read it in the process list).
With PGlite and a server running on the same DATA_DIR, the server is asked to do it.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** `npm run create-owner`: create or reset an owner account. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      site: { type: 'string' },
      'password-stdin': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help || !values.email) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 1);
  }
  const password = values['password-stdin'] ? await readStdin() : (process.env.OWNER_PASSWORD ?? '');
  const parsed = ownerInput.safeParse({ email: values.email, password, site: values.site });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    process.exit(1);
  }
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // A server holds this PGlite directory: ask it (two processes on one PGlite lose writes).
    const answer = await askAdminSocket(config.dataDir, parsed.data).catch(() => undefined);
    if (!answer) {
      console.error(
        `${error.message}\nThe running server did not answer on its admin socket; stop it and retry.`,
      );
      process.exit(1);
    }
    (answer.status === 200 ? console.log : console.error)(
      `${answer.message} (via the running server, pid ${error.pid})`,
    );
    process.exit(answer.status === 200 ? 0 : 1);
  }
  try {
    await migrateDatabase(database);
    const result = await createOwner(database.db, parsed.data);
    if (!result.ok) {
      console.error(result.message);
      process.exitCode = 1;
    } else console.log(result.message);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
