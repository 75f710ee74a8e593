import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { items, variants, websites } from '../../src/db/schema/index';
import { emptyDatabase } from '../helpers/empty-database';
import { type SpawnedServer, httpRequest, spawnServer } from '../helpers/spawn-server';
import { type Backend, backends } from '../helpers/test-db';

const root = path.resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'correct horse battery';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run create-site -- <args>` as a process (stdin not a terminal). */
function createSite(args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'packages/server/src/cli/create-site.ts', ...args],
    {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', OWNER_PASSWORD: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => {
    stdout += c;
  });
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** A deployment with no site: an empty PGlite directory, or an empty PostgreSQL database. */
async function freshDeployment(backend: Backend) {
  if (backend === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-cli-'));
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const empty = await emptyDatabase(backend);
  // The CLI and the server open it themselves.
  await empty.database.close();
  return { env: empty.env, drop: () => empty.drop().catch(() => undefined) };
}

describe('npm run create-site --help', () => {
  it('lists every flag and the starters', async () => {
    const run = await createSite(['--help'], {});
    expect(run.code).toBe(0);
    for (const flag of [
      '--title',
      '--email',
      '--password',
      '--currency',
      '--country',
      '--timezone',
      '--starter',
      '--host',
    ])
      expect(run.stdout).toContain(flag);
    expect(run.stdout).toContain('shop | portfolio | blank');
  });

  it('refuses an unknown flag with exit code 2', async () => {
    const run = await createSite(['--colour', 'red'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Unknown option '--colour'");
  });
});

// Each case runs the CLI as its own process, which opens the database and applies every
// migration first: tens of seconds on a busy two-core machine.
describe.each(backends)('npm run create-site on %s', { timeout: 120_000 }, (backend) => {
  let deployment: Awaited<ReturnType<typeof freshDeployment>>;
  let server: SpawnedServer | undefined;
  const query = async <T>(read: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) => {
    const handle = await openDatabase(
      deployment.env.DATABASE_URL
        ? { databaseUrl: deployment.env.DATABASE_URL }
        : { dataDir: deployment.env.DATA_DIR },
    );
    try {
      return await read(handle.db);
    } finally {
      await handle.close();
    }
  };
  beforeAll(async () => {
    deployment = await freshDeployment(backend);
  });
  afterAll(async () => {
    await server?.stop();
    await deployment?.drop();
  });

  it('stops with exit code 2 naming what is missing when nobody is at a terminal', async () => {
    const run = await createSite(['--title', 'First'], deployment.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Missing --email, --password (or OWNER_PASSWORD)');
  });

  it('stops with exit code 2 on a value it cannot use, saying why', async () => {
    const run = await createSite(
      ['--title', 'First', '--email', 'first@x.test', '--currency', 'XYZ', '--timezone', 'Mars/Base'],
      { ...deployment.env, OWNER_PASSWORD: PASSWORD },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('currency: Choose one of the store currencies');
    expect(run.stderr).toContain('timeZone: Choose a time zone');
  });

  it('makes the first site of an empty deployment its default site', async () => {
    const run = await createSite(
      ['--title', 'First', '--email', 'First@X.test', '--starter', 'blank', '--timezone', 'Europe/London'],
      { ...deployment.env, OWNER_PASSWORD: PASSWORD },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created "First" (first) from the blank starter.');
    expect(run.stdout).toContain('the default site');
    const [site] = await query((db) => db.select().from(websites));
    expect(site).toMatchObject({ siteTitle: 'First', isDefault: true, hosts: ['localhost', '127.0.0.1'] });
    expect(site?.timeZone).toBe('Europe/London');
  });

  it('asks for host names before it adds a second site', async () => {
    const run = await createSite(['--title', 'Second', '--email', 'second@x.test'], {
      ...deployment.env,
      OWNER_PASSWORD: PASSWORD,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('give the new site its own host names (--host shop.example.com)');
  });

  it('adds a second site on its own hosts, with its own currency and content', async () => {
    // The password as a flag works too (though a prompt or OWNER_PASSWORD keeps it out of `ps`).
    const run = await createSite(
      [
        ...['--title', 'Second', '--email', 'second@x.test', '--password', PASSWORD, '--currency', 'JPY'],
        ...[
          '--host',
          'Second.test',
          '--host',
          'www.second.test,shop.second.test',
          '--url',
          'https://second.test/',
        ],
      ],
      deployment.env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const [site] = await query((db) => db.select().from(websites).where(eq(websites.siteTitle, 'Second')));
    expect(site).toMatchObject({
      isDefault: false,
      hosts: ['second.test', 'www.second.test', 'shop.second.test'],
      baseUrl: 'https://second.test',
      currency: 'JPY',
    });
    // The shop starter's cup costs 24 in the store's currency: ¥24 has no minor units.
    const prices = await query((db) =>
      db
        .select({ price: variants.priceCents, slug: items.urlId })
        .from(variants)
        .innerJoin(items, eq(items.id, variants.itemId))
        .where(eq(variants.websiteId, site?.id ?? '')),
    );
    expect(prices.find((p) => p.slug === 'stoneware-cup')?.price).toBe(24);
  });

  it('refuses a host another site has, naming that site, with exit code 1', async () => {
    const run = await createSite(
      ['--title', 'Third', '--email', 'third@x.test', '--host', 'shop.second.test', '--host', 'third.test'],
      { ...deployment.env, OWNER_PASSWORD: PASSWORD },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The host shop.second.test already belongs to the site "Second" (second)');
    expect(await query((db) => db.select().from(websites))).toHaveLength(2);
  });

  it('adds a site while the server runs, and the server answers its hosts at once', async () => {
    server = await spawnServer({ ...deployment.env, SEED_DEMO: 'false' });
    const title = async (host: string) => {
      const page = await httpRequest(server?.port ?? 0, { method: 'GET', path: '/', headers: { host } });
      return /<p class="coming-soon__site">([^<]*)<\/p>/.exec(page.body)?.[1];
    };
    expect(await title('second.test')).toBe('Second');
    expect(await title('anything.test')).toBe('First');
    expect(await title('third.test')).toBe('First');
    const run = await createSite(
      ['--title', 'Third', '--email', 'third@x.test', '--host', 'third.test', '--starter', 'portfolio'],
      { ...deployment.env, OWNER_PASSWORD: PASSWORD },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    if (backend === 'pglite') expect(run.stdout).toContain('via the running server');
    // The host lookup follows the change notification: no stale "First" for third.test.
    let seen: string | undefined;
    for (let i = 0; i < 20 && seen !== 'Third'; i++) {
      seen = await title('third.test');
      if (seen !== 'Third') await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toBe('Third');
    expect(await title('second.test')).toBe('Second');
  }, 120_000);
});
