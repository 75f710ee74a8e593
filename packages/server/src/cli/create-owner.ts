import { parseArgs } from 'node:util';
import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { websites } from '../db/schema/index';
import { EMAIL_PATTERN } from '../services/forms/form-answers';
import { createAccount } from '../services/site-users/accounts';

const USAGE = `Usage: npm run create-owner -- --email <email> [--site <identifier|host>] [--password-stdin]
Creates (or resets) an owner account on a website (default: the default site).
The password is read from OWNER_PASSWORD, or from stdin with --password-stdin
(never from the command line, where other users could read it in the process list).`;

const argsSchema = z.object({
  email: z.string().max(256).regex(EMAIL_PATTERN, 'email is not a valid email address'),
  password: z.string().min(10, 'password must be at least 10 characters').max(1024),
});

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
  const parsed = argsSchema.safeParse({ email: values.email, password });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    process.exit(1);
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const site = values.site?.toLowerCase();
    const [found] = await database.db
      .select({ id: websites.id, identifier: websites.identifier })
      .from(websites)
      .where(
        site
          ? or(eq(websites.identifier, site), sql`${websites.hosts} @> ${JSON.stringify([site])}::jsonb`)
          : eq(websites.isDefault, true),
      )
      .limit(1);
    if (!found) {
      console.error(
        site
          ? `No website with identifier or host "${site}".`
          : 'No default website; run npm run seed first or pass --site.',
      );
      process.exit(1);
    }
    await createAccount(
      database.db,
      { websiteId: found.id, email: parsed.data.email, password: parsed.data.password, role: 'OWNER' },
      { upsert: true },
    );
    console.log(`owner ${parsed.data.email.toLowerCase()} can now sign in on ${found.identifier}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
