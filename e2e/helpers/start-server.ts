import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** Stop the server process and remove its data directory (unless `keepData`). */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kill the process at once (SIGKILL: no shutdown of any kind); the data directory stays. */
  kill(): Promise<void>;
}

/** Ask the OS for a free TCP port on localhost. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/`, { redirect: 'manual' });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Where the browser suite's global set-up leaves a PGlite DATA_DIR that a server has migrated
 * and seeded with the demo site and then left. A server started with the default settings
 * begins from a copy of it: the same data as a first start, without each file paying for
 * every migration and the seed again.
 */
export const SEEDED_DATA_DIR_ENV = 'E2E_SEEDED_DATA_DIR';

/**
 * The server bundle the suite's global set-up built (`scripts/build.mjs`, what `npm start`
 * runs). Without it (a script run outside the suite) the server runs from source with tsx.
 */
export const SERVER_BUNDLE_ENV = 'E2E_SERVER_BUNDLE';

/** Settings under which a first start makes other data: such a server seeds its own. */
const SEED_SETTINGS = ['DATA_DIR', 'DATABASE_URL', 'SEED_DEMO', 'SECRETS_KEY'];

function copySeededDataDir(into: string, env: Record<string, string> | undefined): void {
  const template = process.env[SEEDED_DATA_DIR_ENV];
  if (!template || !fs.existsSync(template)) return;
  if (SEED_SETTINGS.some((name) => env && name in env)) return;
  // Files only: the admin socket of the server that made it is not data.
  fs.cpSync(template, into, {
    recursive: true,
    filter: (source) => {
      const stat = fs.lstatSync(source);
      return stat.isDirectory() || stat.isFile();
    },
  });
}

/**
 * Start the real server (the suite's bundle, else `tsx packages/server/src/main.ts`) on a free port with a fresh
 * PGlite DATA_DIR (the demo site is seeded on first start, or copied from the suite's seeded
 * DATA_DIR). The storefront runtime must be built (`npm run build -w packages/storefront`);
 * pass `build: true` to build it first.
 */
export async function startServer(
  options: { env?: Record<string, string>; build?: boolean; timeoutMs?: number; seeded?: boolean } = {},
): Promise<RunningServer> {
  // Inside the suite the global set-up has just built every bundle: building again here would
  // empty the storefront's dist under the servers of files running beside this one.
  const builtBySuite = Boolean(process.env[SERVER_BUNDLE_ENV]);
  const manifest = path.join(repoRoot, 'packages/storefront/dist/.vite/manifest.json');
  if ((options.build && !builtBySuite) || !fs.existsSync(manifest)) {
    await run('npm', ['run', 'build', '-w', 'packages/storefront', '--silent']);
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  if (options.seeded !== false) copySeededDataDir(dataDir, options.env);
  const bundle = process.env[SERVER_BUNDLE_ENV];
  const [command, args] = bundle
    ? [process.execPath, ['--enable-source-maps', bundle]]
    : [path.join(repoRoot, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts']];
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      SEED_DEMO: 'true',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, options.timeoutMs ?? 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    dataDir,
    async stop({ keepData = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} failed`)),
    );
  });
}
