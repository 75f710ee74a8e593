import { createHash } from 'node:crypto';
import sharp from 'sharp';

/**
 * The files of a site icon, by the name the site serves each under (`/favicon/<hash>/<name>`)
 * with the storage name it is kept under (media storage keys are `[a-z0-9.]`) and its type.
 * The sizes browsers ask for: 16/32/48 in one .ico (and as PNGs), 180 for iOS's home screen,
 * 192 and 512 for the web app manifest.
 */
export const FAVICON_FILES = {
  'favicon.ico': { key: 'favicon.ico', size: 0, type: 'image/x-icon' },
  'icon-16.png': { key: 'icon16.png', size: 16, type: 'image/png' },
  'icon-32.png': { key: 'icon32.png', size: 32, type: 'image/png' },
  'icon-48.png': { key: 'icon48.png', size: 48, type: 'image/png' },
  'apple-touch-icon.png': { key: 'apple180.png', size: 180, type: 'image/png' },
  'icon-192.png': { key: 'icon192.png', size: 192, type: 'image/png' },
  'icon-512.png': { key: 'icon512.png', size: 512, type: 'image/png' },
} as const;
export type FaviconFileName = keyof typeof FAVICON_FILES;

export function isFaviconFile(name: string): name is FaviconFileName {
  return Object.hasOwn(FAVICON_FILES, name);
}

/** Sizes the .ico holds (PNG-compressed entries, as every browser since 2007 reads them). */
const ICO_SIZES = [16, 32, 48] as const;

/** Bumped when the way icons are drawn changes: the same upload then gets new file names. */
const RECIPE = 'favicon-v1';

export interface FaviconSet {
  /** 24 hex digits of the source and the recipe: the icon's files' folder. */
  hash: string;
  files: Map<FaviconFileName, Buffer>;
}

/** The folder name of the icon set made from `source` (known before the files are made). */
export function faviconHash(source: Buffer): string {
  return createHash('sha256').update(RECIPE).update(source).digest('hex').slice(0, 24);
}

/** A square PNG of the source, the whole image fitted in (transparent margins), or on white. */
async function square(
  source: Buffer,
  size: number,
  background: 'transparent' | 'white',
  svgDensity: number | undefined,
): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: 50_000_000, density: svgDensity }).resize(size, size, {
    fit: 'contain',
    background: { r: 255, g: 255, b: 255, alpha: background === 'white' ? 1 : 0 },
    // Small icons read better sharpened down than averaged.
    kernel: size <= 48 ? 'lanczos3' : 'mitchell',
  });
  return (background === 'white' ? image.flatten({ background: '#ffffff' }) : image)
    .png({ compressionLevel: 9, palette: size <= 48 })
    .toBuffer();
}

/** An .ico holding PNG images (ICONDIR, one ICONDIRENTRY each, then the PNGs). */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const at = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, at); // 0 means 256
    header.writeUInt8(size >= 256 ? 0 : size, at + 1);
    header.writeUInt8(0, at + 2); // no palette
    header.writeUInt8(0, at + 3);
    header.writeUInt16LE(1, at + 4); // colour planes
    header.writeUInt16LE(32, at + 6); // bits per pixel
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/**
 * Every size of a site icon, made by sharp from one image (a raster image of the media
 * library; `svg` only for the theme's own drawing). The iOS icon sits on white (iOS paints transparency black); the others keep
 * the image's transparency. The files are PNG and ICO only: nothing a browser would run.
 */
export async function makeFaviconSet(source: Buffer, options: { svg?: boolean } = {}): Promise<FaviconSet> {
  // The theme's own SVG is drawn at 32 units: rasterised dense enough for 512 px.
  const density = options.svg ? 72 * 16 : undefined;
  const hash = faviconHash(source);
  const files = new Map<FaviconFileName, Buffer>();
  for (const [name, spec] of Object.entries(FAVICON_FILES) as [
    FaviconFileName,
    (typeof FAVICON_FILES)[FaviconFileName],
  ][]) {
    if (spec.size === 0) continue;
    const background = name === 'apple-touch-icon.png' ? 'white' : 'transparent';
    files.set(name, await square(source, spec.size, background, density));
  }
  files.set(
    'favicon.ico',
    icoOf(
      ICO_SIZES.map((size) => {
        const png = files.get(`icon-${size}.png` as FaviconFileName);
        if (!png) throw new Error(`icon-${size}.png was not made`);
        return { size, png };
      }),
    ),
  );
  return { hash, files };
}

/** The `<link>`s a page's head carries for an icon set served under `/favicon/<hash>/`. */
export function faviconLinks(hash: string): { rel: string; href: string; sizes: string; type: string }[] {
  const base = `/favicon/${hash}`;
  return [
    { rel: 'icon', href: `${base}/favicon.ico`, sizes: '16x16 32x32 48x48', type: 'image/x-icon' },
    { rel: 'icon', href: `${base}/icon-32.png`, sizes: '32x32', type: 'image/png' },
    { rel: 'icon', href: `${base}/icon-192.png`, sizes: '192x192', type: 'image/png' },
    { rel: 'apple-touch-icon', href: `${base}/apple-touch-icon.png`, sizes: '180x180', type: 'image/png' },
  ];
}
