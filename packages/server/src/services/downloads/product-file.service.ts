import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ProductType } from '@store/commerce';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { productFiles, products } from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import type { FileStorage } from './file-storage';
import { storedFileType } from './file-types';

type ProductFileRow = typeof productFiles.$inferSelect;
export type ProductFile = ReturnType<typeof serializeProductFile>;

export function serializeProductFile(row: ProductFileRow) {
  return {
    itemId: row.itemId,
    filename: row.filename,
    contentType: row.contentType,
    bytes: row.bytes,
    downloadLimit: row.downloadLimit,
    linkDays: row.linkDays,
    createdAt: row.createdAt.toISOString(),
  };
}

type Refused = Extract<Outcome<never>, { ok: false }>;

/** The owner's digital product (null), else why not: unknown / another site's, or another type. */
async function notDigitalProduct(db: Database, websiteId: string, itemId: string): Promise<Refused | null> {
  const [product] = await db
    .select({ productType: products.productType })
    .from(products)
    .where(and(eq(products.websiteId, websiteId), eq(products.itemId, itemId)));
  if (!product) return { ok: false, reason: 'FILE_PRODUCT_NOT_FOUND' };
  if (product.productType !== ProductType.DIGITAL) return { ok: false, reason: 'NOT_DIGITAL' };
  return null;
}

async function findFile(db: Database, websiteId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(productFiles)
    .where(and(eq(productFiles.websiteId, websiteId), eq(productFiles.itemId, itemId)));
  return row;
}

/** A file name safe for storage records and the Content-Disposition header. */
function cleanFilename(name: string): string {
  const base = name
    .replace(/^.*[\\/]/, '')
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  return base.slice(0, 200) || 'download';
}

/**
 * Store the uploaded file (streamed) and make it the product's file. The previous file is
 * removed once the new one is recorded; links already sent serve the new file.
 * `truncated()` says whether the upload passed the size limit (then nothing is kept).
 * The stored type comes from the file name and the allowlist (file-types.ts), never from
 * the type the uploader's browser claims.
 */
export async function saveProductFile(
  db: Database,
  storage: FileStorage,
  websiteId: string,
  itemId: string,
  upload: { filename: string; stream: Readable; truncated: () => boolean },
): Promise<Outcome<ProductFile>> {
  const refused = await notDigitalProduct(db, websiteId, itemId);
  if (refused) return refused;
  const key = `files/${randomBytes(16).toString('hex')}`;
  const bytes = await storage.put(key, upload.stream);
  if (upload.truncated()) {
    await storage.remove(key);
    return { ok: false, reason: 'FILE_TOO_LARGE' };
  }
  const previous = await findFile(db, websiteId, itemId);
  const filename = cleanFilename(upload.filename);
  const values = {
    storageKey: key,
    filename,
    contentType: storedFileType(filename),
    bytes,
    createdAt: new Date(),
  };
  const row = theRow(
    await db
      .insert(productFiles)
      .values({ itemId, websiteId, ...values })
      .onConflictDoUpdate({ target: productFiles.itemId, set: values })
      .returning(),
    'upsert into product_files',
  );
  if (previous && previous.storageKey !== key) await storage.remove(previous.storageKey);
  return { ok: true, value: serializeProductFile(row) };
}

export async function getProductFile(
  db: Database,
  websiteId: string,
  itemId: string,
): Promise<Outcome<ProductFile | null>> {
  const refused = await notDigitalProduct(db, websiteId, itemId);
  if (refused) return refused;
  const row = await findFile(db, websiteId, itemId);
  return { ok: true, value: row ? serializeProductFile(row) : null };
}

export async function updateProductFileSettings(
  db: Database,
  websiteId: string,
  itemId: string,
  settings: { downloadLimit?: number; linkDays?: number },
): Promise<Outcome<ProductFile>> {
  const refused = await notDigitalProduct(db, websiteId, itemId);
  if (refused) return refused;
  const rows = await db
    .update(productFiles)
    .set(settings)
    .where(and(eq(productFiles.websiteId, websiteId), eq(productFiles.itemId, itemId)))
    .returning();
  const [row] = rows;
  if (!row) return { ok: false, reason: 'NO_PRODUCT_FILE' };
  return { ok: true, value: serializeProductFile(row) };
}

export async function deleteProductFile(
  db: Database,
  storage: FileStorage,
  websiteId: string,
  itemId: string,
): Promise<Outcome<void>> {
  const refused = await notDigitalProduct(db, websiteId, itemId);
  if (refused) return refused;
  const [row] = await db
    .delete(productFiles)
    .where(and(eq(productFiles.websiteId, websiteId), eq(productFiles.itemId, itemId)))
    .returning();
  if (!row) return { ok: false, reason: 'NO_PRODUCT_FILE' };
  await storage.remove(row.storageKey);
  return { ok: true, value: undefined };
}
