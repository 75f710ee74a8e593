import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const storefrontDist = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../storefront/dist',
);
const BASE = '/assets/runtime/';
const ENTRY = 'src/main.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

let cached: { mtimeMs: number; manifest: Manifest } | null = null;

/** The Vite manifest of the built storefront, re-read when the build changes; null if not built. */
function manifest(): Manifest | null {
  const file = path.join(storefrontDist, '.vite/manifest.json');
  try {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs)
      cached = { mtimeMs, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) };
    return cached.manifest;
  } catch {
    return null;
  }
}

function collect(m: Manifest, key: string, files: Set<string>, css: Set<string>): void {
  const chunk = m[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const dep of chunk.imports ?? []) collect(m, dep, files, css);
}

/**
 * Script and preload tags for a page: the runtime entry, plus modulepreload hints for the
 * lazy island chunks this page's markup asks for (so they download in parallel with the
 * entry instead of after it). Pages without islands still get the entry (it sends the page
 * view and mounts the cart islands once the visitor has a cart).
 */
export function runtimeTags(islands: readonly string[]): string {
  const m = manifest();
  if (!m?.[ENTRY]) return '';
  const entryFiles = new Set<string>();
  const css = new Set<string>();
  collect(m, ENTRY, entryFiles, css);
  const preload = new Set<string>();
  for (const name of islands) {
    const key = Object.keys(m).find(
      (k) => k === `src/islands/${name}/index.tsx` || k === `src/islands/${name}.tsx`,
    );
    if (key) collect(m, key, preload, css);
  }
  const entryFile = m[ENTRY].file;
  const tags = [`<script type="module" src="${BASE}${entryFile}"></script>`];
  for (const f of [...entryFiles, ...preload]) {
    if (f !== entryFile) tags.push(`<link rel="modulepreload" href="${BASE}${f}">`);
  }
  for (const c of css) tags.push(`<link rel="stylesheet" href="${BASE}${c}">`);
  return tags.join('\n');
}

/**
 * Island names used by rendered markup (`data-island="name"`), in order of appearance.
 * Markers rendered `hidden` are skipped: the runtime loads those only when revealed.
 */
export function islandsIn(html: string): string[] {
  const names = new Set<string>();
  for (const match of html.matchAll(/<[a-z]+\b[^>]*\bdata-island="([a-z-]+)"[^>]*>/g)) {
    // Hidden islands and those loaded when scrolled to (data-island-when) are not preloaded.
    const [tag, name = ''] = match;
    if (!/\shidden(?:[\s>=]|$)|\sdata-island-when=/.test(tag)) names.add(name);
  }
  return [...names];
}
