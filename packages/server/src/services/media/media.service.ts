import { createHash } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { mediaAssets } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { ACCEPTED_TYPES, ImageRefusedError, processImage } from './image-variants';
import type { MediaStorage } from './media-storage';
import { PLAYABLE_TYPES, type PlayableFile, detectPlayable } from './sound-and-video';

export type MediaRow = typeof mediaAssets.$inferSelect;
export type MediaView = ReturnType<typeof serializeMedia>;

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
  // Audio and video, kept as sent (sound-and-video.ts): the blocks play them from the site.
  ...Object.fromEntries(Object.entries(PLAYABLE_TYPES).map(([ext, t]) => [t.contentType, ext])),
};
export const CONTENT_TYPE_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.entries(EXT).map(([type, ext]) => [ext, type]),
);

/** Raster formats as sharp names them, and the type the library stores and serves them as. */
const RASTER_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/**
 * What the bytes are, read from their header by sharp: the library's type for a raster
 * image, null for anything else it can read (SVG, TIFF, PDF…), undefined for bytes it cannot
 * read at all. The type the uploader's browser sent is never what decides.
 */
async function detectedType(body: Buffer): Promise<string | null | undefined> {
  if (body.length === 0) return undefined; // sharp refuses an empty buffer outright (a throw, not a rejection)
  const meta = await sharp(body, { limitInputPixels: false })
    .metadata()
    .catch(() => undefined);
  if (!meta) return undefined;
  // AVIF is a HEIF container with AV1 inside; other HEIF (HEIC) is not a web image.
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  return RASTER_TYPES[format ?? ''] ?? null;
}

/** The URL name of a file: its slugged base name and the original's extension. */
function urlName(filename: string, contentType: string): string {
  const base =
    filename
      .replace(/\.[^.]*$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'image';
  return `${base}.${EXT[contentType]}`;
}

/** A library image as templates and the studio read it (spec §3 "Image asset"). */
export function serializeMedia(row: MediaRow) {
  const playable = PLAYABLE_TYPES[EXT[row.contentType] ?? ''];
  return {
    id: row.id,
    kind: playable?.kind ?? ('image' as const),
    assetUrl: `/media/${row.hash}/${urlName(row.filename, row.contentType)}`,
    originalSize: `${row.width}x${row.height}`,
    systemDataVariants: row.widths.map((w) => `${w}w`).join(','),
    mediaFocalPoint: { x: row.focalX, y: row.focalY },
    altText: row.altText,
    title: row.title,
    filename: row.filename,
    bytes: row.bytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Store an upload. An audio or video file (told by its first bytes) is kept as sent. An
 * image: check the type, resize to the spec widths, write the files, then the row. The type is the one sharp detects (only raster images: an SVG or anything else
 * is refused, whatever the browser called it). A file sharp cannot read is refused with the
 * spec's upload message when it was sent as an image, as an unsupported type otherwise.
 */
export async function uploadImage(
  db: Database,
  storage: MediaStorage,
  websiteId: string,
  file: { filename: string; mimetype: string; body: Buffer },
): Promise<Outcome<MediaView>> {
  const playable = detectPlayable(file.body);
  if (playable) return { ok: true, value: await storePlayable(db, storage, websiteId, file, playable) };
  const contentType = await detectedType(file.body);
  if (contentType === undefined && ACCEPTED_TYPES.has(file.mimetype))
    return { ok: false, reason: 'UPLOAD_FAILED' };
  if (!contentType) return { ok: false, reason: 'UPLOAD_UNSUPPORTED' };
  return asOutcome(() => storeImage(db, storage, websiteId, file, contentType));
}

async function storeImage(
  db: Database,
  storage: MediaStorage,
  websiteId: string,
  file: { filename: string; body: Buffer },
  contentType: string,
) {
  const image = await processImage(file.body).catch((error) => {
    throw imageRefusal(error);
  });
  await storage.put(`${image.hash}/original.${EXT[contentType]}`, image.original);
  for (const v of image.variants) await storage.put(`${image.hash}/${v.width}w.webp`, v.body);
  const row = theRow(
    await db
      .insert(mediaAssets)
      .values({
        websiteId,
        hash: image.hash,
        // PostgreSQL refuses NUL in text; no control character belongs in a file name.
        filename: file.filename.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || 'image',
        contentType,
        width: image.width,
        height: image.height,
        bytes: file.body.length,
        widths: image.variants.map((v) => v.width),
      })
      .returning(),
    'insert into media_assets',
  );
  return serializeMedia(row);
}

/**
 * An audio or video file: stored as sent under its content hash (nothing to resize), so the
 * video and audio blocks play it from the site's own origin.
 */
async function storePlayable(
  db: Database,
  storage: MediaStorage,
  websiteId: string,
  file: { filename: string; body: Buffer },
  playable: PlayableFile,
) {
  const hash = createHash('sha256').update(file.body).digest('hex').slice(0, 24);
  await storage.put(`${hash}/original.${playable.ext}`, file.body);
  const row = theRow(
    await db
      .insert(mediaAssets)
      .values({
        websiteId,
        hash,
        filename: file.filename.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200) || playable.kind,
        contentType: playable.contentType,
        width: 0,
        height: 0,
        bytes: file.body.length,
        widths: [],
      })
      .returning(),
    'insert into media_assets',
  );
  return serializeMedia(row);
}

/** An image over the pixel limit is "file too large"; a long queue is a retry-later. */
function imageRefusal(error: unknown): Rejection {
  if (!(error instanceof ImageRefusedError)) return new Rejection('UPLOAD_FAILED');
  if (error.reason === 'TOO_MANY_PIXELS') return new Rejection('UPLOAD_TOO_LARGE');
  return new Rejection('UPLOADS_BUSY');
}

export async function listMedia(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(mediaAssets)
    .where(eq(mediaAssets.websiteId, websiteId))
    .orderBy(desc(mediaAssets.createdAt))
    .limit(500);
  return rows.map(serializeMedia);
}

export async function updateMedia(
  db: Database,
  websiteId: string,
  id: string,
  patch: { filename?: string; title?: string; altText?: string; focalPoint?: { x: number; y: number } },
): Promise<Outcome<MediaView>> {
  // An empty change is the caller's mistake (and an UPDATE with nothing to set fails in SQL).
  if (Object.values(patch).every((value) => value === undefined))
    return { ok: false, reason: 'MEDIA_NOTHING_TO_CHANGE' };
  const [row] = await db
    .update(mediaAssets)
    .set({
      ...(patch.filename !== undefined ? { filename: patch.filename } : {}),
      ...(patch.title !== undefined ? { title: patch.title } : {}),
      ...(patch.altText !== undefined ? { altText: patch.altText } : {}),
      ...(patch.focalPoint ? { focalX: patch.focalPoint.x, focalY: patch.focalPoint.y } : {}),
    })
    .where(and(eq(mediaAssets.websiteId, websiteId), eq(mediaAssets.id, id)))
    .returning();
  if (!row) return { ok: false, reason: 'CONTENT_NOT_FOUND' };
  return { ok: true, value: serializeMedia(row) };
}

/** Delete the row; the files go too unless another row (same bytes uploaded again) uses them. */
export async function deleteMedia(
  db: Database,
  storage: MediaStorage,
  websiteId: string,
  id: string,
): Promise<Outcome<void>> {
  const [row] = await db
    .delete(mediaAssets)
    .where(and(eq(mediaAssets.websiteId, websiteId), eq(mediaAssets.id, id)))
    .returning();
  if (!row) return { ok: false, reason: 'CONTENT_NOT_FOUND' };
  const [other] = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(eq(mediaAssets.hash, row.hash))
    .limit(1);
  if (!other) await storage.removePrefix(row.hash);
  return { ok: true, value: undefined };
}
