import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run bench`: runs every `bench/<area>/*.bench.ts` that exports `run()` and prints its
 * figures. Pass area names to run only those (`npm run bench -- cart template`).
 * Figures are medians of several rounds; the machine is shared, so compare ratios.
 */
const root = import.meta.dirname;
const only = process.argv.slice(2);
const files = fs
  .readdirSync(root, { withFileTypes: true })
  .filter(
    (d) =>
      d.isDirectory() &&
      d.name !== 'lib' &&
      d.name !== 'results' &&
      (only.length === 0 || only.includes(d.name)),
  )
  .flatMap((d) =>
    fs
      .readdirSync(path.join(root, d.name))
      .filter((f) => f.endsWith('.bench.ts'))
      .map((f) => path.join(root, d.name, f)),
  )
  .sort();

let failed = 0;
for (const file of files) {
  const mod = await import(pathToFileURL(file).href);
  if (typeof mod.run !== 'function') continue;
  console.log(`\n# ${path.relative(root, file)}`);
  try {
    const result = await mod.run();
    console.log(JSON.stringify(result, null, 2));
  } catch (error) {
    failed++;
    console.error(`failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
process.exit(failed ? 1 : 0);
