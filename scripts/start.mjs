// `npm start` (and `npm run seed`, `db:migrate`, `create-owner`): run a built server program,
// building first only when the output is missing or older than its sources. Uses nothing but
// Node, so a production install without dev dependencies can run the built output.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildInputs, root, serverEntries, serverOut, stampFile } from './build-paths.mjs';

function newestMtime(target) {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function isStale() {
  const stamp = statSync(stampFile, { throwIfNoEntry: false });
  if (!stamp) return true;
  return buildInputs.some((input) => newestMtime(path.join(root, input)) > stamp.mtimeMs);
}

const [name = 'main', ...args] = process.argv.slice(2);
if (!(name in serverEntries)) {
  console.error(`unknown program "${name}" (one of ${Object.keys(serverEntries).join(', ')})`);
  process.exit(2);
}
if (isStale()) {
  if (!existsSync(path.join(root, 'node_modules/esbuild'))) {
    console.error(
      'the build output is missing or stale and the build tools are not installed: run `npm run build` where dev dependencies are installed',
    );
    process.exit(1);
  }
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
// Run in this process: signals (SIGTERM from a supervisor) reach the server directly.
process.argv = [process.argv[0], path.join(serverOut, `${name}.js`), ...args];
await import(path.join(serverOut, `${name}.js`));
