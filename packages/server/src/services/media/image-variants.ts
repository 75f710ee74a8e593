import { createHash } from 'node:crypto';
import { IMAGE_WIDTHS } from '@store/commerce';
import pLimit from 'p-limit';
import sharp from 'sharp';

/** Spec §9 image widths (`@store/commerce`'s one list). */
export const MEDIA_WIDTHS = IMAGE_WIDTHS;
export const ACCEPTED_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

/**
 * Largest image decoded: 50 megapixels (8660 × 5773, more than a 45-megapixel camera
 * gives). Decoding costs memory by pixels, not by file size: a solid-colour PNG of
 * 16,000 × 16,000 is under a megabyte on disk and a gigabyte once decoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Uploads waiting for the image pipeline past which another upload is turned away. */
export const MAX_WAITING_UPLOADS = 4;

const DECODE = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;

// libvips keeps recent images in its operation cache (50 MB by default) and starts a
// thread per core for each one: neither is returned to the system after an upload.
sharp.cache(false);
sharp.concurrency(Math.min(sharp.concurrency(), 2));

/** One image through the pipeline at a time per process; the rest wait their turn. */
export const imagePipeline = pLimit(1);

/** Why an image was not processed (the HTTP edge picks the status). */
export type ImageRefusal = 'TOO_MANY_PIXELS' | 'BUSY';

export class ImageRefusedError extends Error {
  override name = 'ImageRefusedError';
  constructor(readonly reason: ImageRefusal) {
    super(reason === 'BUSY' ? 'too many uploads waiting' : `image over ${MAX_INPUT_PIXELS} pixels`);
  }
}

export interface ProcessedImage {
  hash: string;
  width: number;
  height: number;
  /** The format sharp read from the bytes (jpeg, png, webp, gif, heif…). */
  format: string | undefined;
  /** Resized WebP files by width (never wider than the original: no upscaling). */
  variants: { width: number; body: Buffer }[];
  original: Buffer;
}

/**
 * Read an upload with sharp and produce the spec's widths up to the original's width, as
 * WebP (every current browser shows it, at a fraction of JPEG/PNG bytes). The content hash
 * names the files, so their URLs never change and can be cached for a year.
 *
 * Runs one upload at a time per process (decoding is where the memory goes); with
 * MAX_WAITING_UPLOADS already queued it refuses with BUSY rather than pile up bodies.
 */
export function processImage(body: Buffer): Promise<ProcessedImage> {
  if (imagePipeline.pendingCount >= MAX_WAITING_UPLOADS) return Promise.reject(new ImageRefusedError('BUSY'));
  return imagePipeline(() => resize(body));
}

async function resize(body: Buffer): Promise<ProcessedImage> {
  // Only the header is read here (sharp would refuse an oversized one with an anonymous error).
  const meta = await sharp(body, { ...DECODE, limitInputPixels: false }).metadata();
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new Error('image has no size');
  // The header says how big the image is: refuse before decoding a single pixel.
  if (width * height > MAX_INPUT_PIXELS) throw new ImageRefusedError('TOO_MANY_PIXELS');
  const widths = MEDIA_WIDTHS.filter((w) => w <= width);
  const variants: ProcessedImage['variants'] = [];
  const largest = widths.at(-1);
  if (largest) {
    // Decode the original once, at the largest width needed; the smaller widths are
    // made from that copy, one after another, instead of decoding the original per width.
    const { data, info } = await sharp(body, DECODE)
      .rotate()
      .resize({ width: largest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (const w of widths) {
      const resized = await sharp(data, { raw })
        .resize({ width: w, withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      variants.push({ width: w, body: resized });
    }
  }
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 24);
  return { hash, width, height, format: meta.format, variants, original: body };
}
