import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** Spec §9 image widths. */
export const MEDIA_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
export const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  /** Resized WebP files by width (never wider than the original: no upscaling). */
  variants: { width: number; body: Buffer }[];
  original: Buffer;
}

/**
 * Read an upload with sharp and produce the spec's widths up to the original's width, as
 * WebP (every current browser shows it, at a fraction of JPEG/PNG bytes). The content hash
 * names the files, so their URLs never change and can be cached for a year.
 */
export async function processImage(body: Buffer): Promise<ProcessedImage> {
  const image = sharp(body, { failOn: 'error' }).rotate();
  const meta = await image.metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('image has no size');
  const widths = MEDIA_WIDTHS.filter((w) => w <= width);
  const variants = await Promise.all(
    widths.map(async (w) => ({
      width: w,
      body: await sharp(body)
        .rotate()
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    })),
  );
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 24);
  return { hash, width, height, variants, original: body };
}
