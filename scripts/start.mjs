// `npm start` (and `npm run seed`, `db:migrate`, `create-owner`, `create-site`): run a built
// server program. Where the build tools are installed it builds first when the output is
// missing or was built from other sources; where they are not (a production install,
// `npm install --omit=dev` or the container image) it runs the output as shipped. Uses
// nothing but Node.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inputsFingerprint, root, serverEntries, serverOut, stampFile, startPlan } from './build-paths.mjs';

/** The inputs the output was built from, or undefined (no stamp, or one from an older build). */
function builtFrom() {
  try {
    return JSON.parse(readFileSync(stampFile, 'utf8')).inputs;
  } catch {
    return undefined;
  }
}

const [name = 'main', ...args] = process.argv.slice(2);
if (!(name in serverEntries)) {
  console.error(`unknown program "${name}" (one of ${Object.keys(serverEntries).join(', ')})`);
  process.exit(2);
}
const program = path.join(serverOut, `${name}.js`);
const plan = startPlan({
  built: existsSync(program),
  canBuild: existsSync(path.join(root, 'node_modules/esbuild')),
  builtFrom: builtFrom(),
  inputs: inputsFingerprint,
});
if (plan === 'fail') {
  console.error(
    'the server is not built and the build tools are not installed: run `npm install && npm run build:bundles` first (README, "Production")',
  );
  process.exit(1);
}
if (plan === 'build') {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Run in this process: signals (SIGTERM from a supervisor) reach the server directly.
process.argv = [process.argv[0], program, ...args];
await import(program);
