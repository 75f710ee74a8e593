import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SEEDED_DATA_DIR_ENV, SERVER_BUNDLE_ENV, startServer } from './helpers/start-server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Build once, before any browser test, so every e2e file runs against the code as it is now
 * (building only when dist/ was missing let a stale bundle answer, and a file that happened
 * to run first decide for all). Then seed one data directory for all of them.
 */
export default async function setup(): Promise<() => void> {
  // The production build: the storefront runtime, the studio, and the server bundle that
  // `npm start` runs, which every file's server then runs too (no TypeScript compiled per start).
  execFileSync(process.execPath, ['scripts/build.mjs'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  process.env[SERVER_BUNDLE_ENV] = path.join(repoRoot, 'packages/server/dist/server/main.js'); // build-paths.mjs
  // One first start (every migration, the demo seed) for the whole suite; each file's server
  // starts from a copy of what it left (helpers/start-server.ts).
  const first = await startServer({ seeded: false, timeoutMs: 300_000 });
  await first.stop({ keepData: true });
  process.env[SEEDED_DATA_DIR_ENV] = first.dataDir;
  return () => fs.rmSync(first.dataDir, { recursive: true, force: true });
}
