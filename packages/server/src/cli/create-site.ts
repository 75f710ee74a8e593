import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { DataDirLockedError, openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { createSite } from '../services/sites/create-site';
import { newSiteInput } from '../services/sites/site-input';
import { STARTERS } from '../starters/starters';
import { askAdminSocket } from './admin-socket';
import {
  SITE_FLAGS,
  type SiteAnswers,
  type SiteFlags,
  askHosts,
  collectSiteAnswers,
  siteDefaults,
} from './site-answers';
import { siteReport } from './site-report';
import { terminalPrompter } from './terminal-prompts';

const defaultTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const defaults = siteDefaults(defaultTimeZone);

const USAGE = `Usage: npm run create-site -- [options]

Creates a website from a starter, with its owner. On an empty deployment it becomes the
default site (it answers every host name); each further site answers only on its own
host names, with its own owner, content and orders.

  --title <text>      the site's title
  --email <address>   the owner's e-mail: the studio sign-in at /config
  --password <text>   the owner's password (at least 10 characters); better left out to be
                      asked without echo, or given in OWNER_PASSWORD
  --currency <code>   store currency (default ${defaults.currency})
  --country <code>    store country, two letters (default ${defaults.country})
  --timezone <zone>   time zone such as Europe/London (default ${defaults.timeZone})
  --starter <id>      ${STARTERS.map((s) => s.id).join(' | ')} (default ${defaults.starter})
  --host <name>       a host name the site answers on; repeat for more. Required once the
                      deployment has a site; a host another site has is refused
  --url <origin>      the public address links in mail use (default https://<first host>)

In a terminal, missing values are asked for. Otherwise --title, --email and a password
are required, and a missing one stops the command with exit code 2.
With PGlite and a server running on the same DATA_DIR, the server is asked to do it.`;

/** Stop with a message: 2 for input the command cannot use, 1 for a refusal or failure. */
function stop(code: 1 | 2, message: string): never {
  console.error(message);
  process.exit(code);
}

function checked(input: SiteAnswers) {
  const parsed = newSiteInput.safeParse(input);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'input'}: ${i.message}`);
  return stop(2, `The site cannot be created:\n${lines.join('\n')}`);
}

type Outcome = { status: 'created' | 'hosts-required' | 'refused'; message: string };

/** Create the site in the database, or through the running PGlite server's admin socket. */
async function create(input: SiteAnswers): Promise<Outcome> {
  const config = loadConfig();
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // Two processes on one PGlite directory lose writes: the server that holds it does it.
    const answer = await askAdminSocket(config.dataDir, input, '/create-site').catch(() => undefined);
    if (!answer)
      stop(1, `${error.message}\nThe running server did not answer on its admin socket; stop it and retry.`);
    const status = answer.status === 201 ? 'created' : answer.status === 428 ? 'hosts-required' : 'refused';
    return {
      status,
      message:
        status === 'created'
          ? `${answer.message}\n  (via the running server, pid ${error.pid})`
          : answer.message,
    };
  }
  try {
    await migrateDatabase(database);
    const site = checked(input);
    const result = await createSite(database.db, site);
    if (result.ok) return { status: 'created', message: siteReport(result.site, site.starter, site.email) };
    return {
      status: result.code === 'HOSTS_REQUIRED' ? 'hosts-required' : 'refused',
      message: result.message,
    };
  } finally {
    await database.close();
  }
}

/** `npm run create-site`: a new site from a starter, on an empty deployment or beside others. */
async function main(): Promise<void> {
  let flags: SiteFlags & { help?: boolean | undefined };
  try {
    flags = parseArgs({ options: SITE_FLAGS, allowPositionals: false }).values;
  } catch (error) {
    stop(2, `${(error as Error).message}\n\n${USAGE}`);
  }
  if (flags.help) {
    console.log(USAGE);
    return;
  }
  const prompter = process.stdin.isTTY && process.stdout.isTTY ? terminalPrompter() : null;
  const answers = await collectSiteAnswers(flags, { prompter, env: process.env, defaultTimeZone });
  if (!answers.ok) stop(2, answers.message);
  let input = answers.input;
  checked(input);
  let outcome = await create(input);
  if (outcome.status === 'hosts-required' && prompter) {
    const hosts = await askHosts(prompter);
    if (hosts) {
      input = { ...input, hosts };
      checked(input);
      outcome = await create(input);
    }
  }
  if (outcome.status === 'hosts-required') stop(2, outcome.message);
  if (outcome.status === 'refused') stop(1, outcome.message);
  console.log(outcome.message);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
