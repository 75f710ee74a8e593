// What the production build reads and writes; shared by build.mjs and start.mjs so the
// freshness check and the build agree on one list.
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
