import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { themeFiles } from './theme-files';

export interface ThemeStylesheet {
  /** `/assets/theme/<theme>-<content hash>.css`: a new file name whenever the CSS changes. */
  url: string;
  body: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

const built = new Map<string, ThemeStylesheet>();

/**
 * The theme's CSS as one hashed file, compressed once per process. Pages link it instead of
 * inlining it: it is fetched once per visitor and then served from the browser's cache
 * (immutable), where inlined CSS cost every page ~11 KB.
 */
export function themeStylesheet(name = 'default'): ThemeStylesheet {
  const hit = built.get(name);
  if (hit) return hit;
  const body = Buffer.from(themeFiles(name).css);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 12);
  const sheet: ThemeStylesheet = {
    url: `/assets/theme/${name}-${hash}.css`,
    body,
    gzip: gzipSync(body, { level: 9 }),
    brotli: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
  built.set(name, sheet);
  return sheet;
}
