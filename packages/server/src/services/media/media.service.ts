import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { mediaAssets } from '../../db/schema/index';
import { ApiError } from '../../errors';
import { ACCEPTED_TYPES, processImage } from './image-variants';
import type { MediaStorage } from './media-storage';
import { API_MESSAGES } from '@store/api';

export type MediaRow = typeof mediaAssets.$inferSelect;

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};
export const CONTENT_TYPE_BY_EXT: Record<string, string> = Object.fromEntries(
  Object.entries(EXT).map(([type, ext]) => [ext, type]),
);

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
  return {
    id: row.id,
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
 * Store an upload: check the type, resize to the spec widths, write the files, then the
 * row. A file sharp cannot read is refused with the spec's upload message.
 */
export async function uploadImage(
  db: Database,
  storage: MediaStorage,
  websiteId: string,
  file: { filename: string; mimetype: string; body: Buffer },
) {
  if (!ACCEPTED_TYPES.has(file.mimetype))
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', API_MESSAGES.unsupportedFile);
  const image = await processImage(file.body).catch(() => {
    throw new ApiError('UNPROCESSABLE', API_MESSAGES.uploadFailed);
  });
  await storage.put(`${image.hash}/original.${EXT[file.mimetype]}`, image.original);
  for (const v of image.variants) await storage.put(`${image.hash}/${v.width}w.webp`, v.body);
  const row = theRow(
    await db
      .insert(mediaAssets)
      .values({
        websiteId,
        hash: image.hash,
        filename: file.filename.slice(0, 200) || 'image',
        contentType: file.mimetype,
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
) {
  // An empty change is the caller's mistake (and an UPDATE with nothing to set fails in SQL).
  if (Object.values(patch).every((value) => value === undefined))
    throw new ApiError(
      'VALIDATION_FAILED',
      'Nothing to change: send filename, title, altText or focalPoint.',
    );
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
  if (!row) throw new ApiError('NOT_FOUND', 'Unable to locate content');
  return serializeMedia(row);
}

/** Delete the row; the files go too unless another row (same bytes uploaded again) uses them. */
export async function deleteMedia(db: Database, storage: MediaStorage, websiteId: string, id: string) {
  const [row] = await db
    .delete(mediaAssets)
    .where(and(eq(mediaAssets.websiteId, websiteId), eq(mediaAssets.id, id)))
    .returning();
  if (!row) throw new ApiError('NOT_FOUND', 'Unable to locate content');
  const [other] = await db
    .select({ id: mediaAssets.id })
    .from(mediaAssets)
    .where(eq(mediaAssets.hash, row.hash))
    .limit(1);
  if (!other) await storage.removePrefix(row.hash);
}
