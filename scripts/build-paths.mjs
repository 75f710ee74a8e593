// What the production build reads and writes; shared by build.mjs and start.mjs so the
// freshness check and the build agree on one list.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Two levels below packages/server, so the bundle's `../../drizzle` and `../../themes` resolve as from src/<dir>/. */
export const serverOut = path.join(root, 'packages/server/dist/server');
export const storefrontOut = path.join(root, 'packages/storefront/dist');
export const stampFile = path.join(root, 'packages/server/dist/.build-stamp');

/** Bundled server programs: name → source. */
export const serverEntries = {
  main: 'packages/server/src/main.ts',
  seed: 'packages/server/src/cli/seed.ts',
  'create-owner': 'packages/server/src/cli/create-owner.ts',
  'create-site': 'packages/server/src/cli/create-site.ts',
  migrate: 'packages/server/src/cli/migrate.ts',
};

/** Everything whose change makes the output stale. */
export const buildInputs = [
  'packages/server/src',
  'packages/template/src',
  'packages/commerce/src',
  'packages/api/src',
  'packages/storefront/src',
  'packages/storefront/vite.config.ts',
  'packages/blocks/src',
  'packages/studio/src',
  'packages/studio/vite.config.ts',
  'package-lock.json',
];

/**
 * A hash of every input's path and bytes (~50 ms). Modification times are not used: a fresh
 * clone, an `npm install` or a container copy resets them without changing a byte.
 */
export function inputsFingerprint() {
  const hash = createHash('sha256');
  const add = (target) => {
    const stat = statSync(target, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const entry of readdirSync(target).sort()) add(path.join(target, entry));
      return;
    }
    const bytes = readFileSync(target);
    hash.update(`${path.relative(root, target)}\0${bytes.length}\0`);
    hash.update(bytes);
  };
  for (const input of buildInputs) add(path.join(root, input));
  return hash.digest('hex');
}

/**
 * What `npm start` does: 'build' then run, 'run' as is, or 'fail' (nothing to run, nothing
 * to build with). Without the build tools the output is run as shipped, whatever its stamp.
 */
export function startPlan({ built, canBuild, builtFrom, inputs }) {
  if (!built) return canBuild ? 'build' : 'fail';
  if (!canBuild) return 'run';
  return builtFrom !== undefined && builtFrom === inputs() ? 'run' : 'build';
}
