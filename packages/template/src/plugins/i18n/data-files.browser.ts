/**
 * The engine's file access in a browser (the studio's preview): there are no files, so the
 * CLDR formatters have no data and the unit formatter keeps the CLDR 48 patterns. Same
 * functions as data-files.node.ts; package.json "imports" (`#data-files`, condition
 * `browser`) picks this one for Vite's browser builds, so no bundle carries node:fs.
 */

type CldrModule = typeof import('@phensley/cldr');

export function loadCldrLibrary(): CldrModule {
  throw new Error('CLDR data is not available in the browser');
}

export function readCldrPack(language: string): string {
  throw new Error(`no CLDR pack for ${language} in the browser`);
}

export function readUnitsFile(_folder: string): string | null {
  return null;
}
