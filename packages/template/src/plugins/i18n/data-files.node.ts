import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The engine's file access on Node (the server, the CLI, the tests): the CLDR library, its
 * language packs and the CLDR 29 unit files are read from the installed npm packages. The
 * browser build gets data-files.browser.ts instead (package.json "imports": `#data-files`).
 */

type CldrModule = typeof import('@phensley/cldr');

const require = createRequire(import.meta.url);

/** @phensley/cldr, loaded synchronously on first use (formatters are synchronous). */
export function loadCldrLibrary(): CldrModule {
  return require('@phensley/cldr') as CldrModule;
}

let packs: string | undefined;

/** One language pack of @phensley/cldr (JSON text); throws when the package has none. */
export function readCldrPack(language: string): string {
  packs ??= require.resolve('@phensley/cldr/package.json').replace(/package\.json$/, 'packs/');
  return readFileSync(`${packs}${language}.json`, 'utf8');
}

let unitsDir: string | undefined;

/** The CLDR 29 `units.json` of a locale folder of cldr-units-modern, or null when it has none. */
export function readUnitsFile(folder: string): string | null {
  unitsDir ??= require.resolve('cldr-units-modern/package.json').replace(/package\.json$/, 'main/');
  const file = `${unitsDir}${folder}/units.json`;
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}
