import type { ProductInput } from '@store/api';
import { checkVariantSet } from '@store/commerce';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { type ImageAsset, categories, forms, items, mediaAssets, variants } from '../../db/schema/index';
import { fieldRejection } from '../../reasons';
import { serializeMedia } from '../media/media.service';
import { uniqueName } from '../studio/unique-name';

/** A stored product image; `id` is the media library asset it came from. */
export type StoredImage = ImageAsset & { id?: string };

/** Images of a product not from the library (seeded ones) are named by position: `current:N`. */
export const CURRENT_IMAGE = /^current:(\d+)$/;

/**
 * The rules of the pure variant checks (option grid, sale price, untracked stock, subscriptions).
 * These checks throw a Rejection naming the field: callers run them inside `asOutcome`.
 */
export function checkProductRules(input: ProductInput): void {
  const problem = checkVariantSet({
    productType: input.productType,
    isSubscribable: input.isSubscribable,
    subscriptionPlan: input.subscriptionPlan,
    variantOptionOrdering: input.variantOptionOrdering,
    variants: input.variants,
  });
  if (problem) throw fieldRejection('VARIANTS_INVALID', problem.field, undefined, problem.message);
  // One row cannot become two variants: a repeated id would silently lose one of them.
  const ids = input.variants.map((v) => v.id).filter((id) => id !== undefined);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) throw fieldRejection('VARIANT_ID_REPEATED', 'variants', { id: repeated });
}

/** Every category id belongs to the product's store; the form is one of the site's. */
export async function checkReferences(tx: Tx, websiteId: string, input: ProductInput): Promise<void> {
  const wanted = [...new Set(input.categoryIds)];
  if (wanted.length) {
    const found = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(
        and(
          eq(categories.websiteId, websiteId),
          eq(categories.collectionId, input.collectionId),
          inArray(categories.id, wanted),
        ),
      );
    const missing = wanted.find((id) => !found.some((f) => f.id === id));
    if (missing) throw fieldRejection('UNKNOWN_CATEGORY', 'categoryIds', { id: missing });
  }
  if (input.additionalFieldsFormId) {
    const [form] = await tx
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.websiteId, websiteId), eq(forms.id, input.additionalFieldsFormId)));
    if (!form)
      throw fieldRejection('UNKNOWN_FORM', 'additionalFieldsFormId', { id: input.additionalFieldsFormId });
  }
}

/**
 * The product's images from media library ids (spec §3 image asset, as items.mainImage and
 * structuredContent.images store them). `current:N` keeps the product's N-th present image,
 * so a seeded picture survives an edit.
 */
export async function resolveImages(
  tx: Tx,
  websiteId: string,
  ids: string[],
  current: StoredImage[],
): Promise<StoredImage[]> {
  const libraryIds = ids.filter((id) => !CURRENT_IMAGE.test(id));
  const rows = libraryIds.length
    ? await tx
        .select()
        .from(mediaAssets)
        .where(and(eq(mediaAssets.websiteId, websiteId), inArray(mediaAssets.id, libraryIds)))
    : [];
  return ids.map((id, i) => {
    const position = CURRENT_IMAGE.exec(id)?.[1];
    const kept = position === undefined ? undefined : current[Number(position)];
    if (kept) return kept;
    const row = rows.find((r) => r.id === id);
    if (!row) throw fieldRejection('UNKNOWN_IMAGE', `imageIds.${i}`, { id });
    const m = serializeMedia(row);
    return {
      id: m.id,
      assetUrl: m.assetUrl,
      originalSize: m.originalSize,
      mediaFocalPoint: m.mediaFocalPoint,
      altText: m.altText,
      filename: m.filename,
      systemDataVariants: m.systemDataVariants,
    };
  });
}

/** No variant of another product of the site uses one of these SKUs (409 naming the SKU). */
export async function checkSkusFree(
  tx: Tx,
  websiteId: string,
  skus: string[],
  exceptItemId: string | null,
): Promise<void> {
  const clash = await tx
    .select({ sku: variants.sku })
    .from(variants)
    .where(
      and(
        eq(variants.websiteId, websiteId),
        // Case-insensitive, as within one product: "tee-s" and "TEE-S" are one SKU to a person.
        inArray(
          sql`lower(${variants.sku})`,
          skus.map((sku) => sku.toLowerCase()),
        ),
        exceptItemId ? ne(variants.itemId, exceptItemId) : undefined,
      ),
    )
    .limit(1);
  const sku = clash[0]?.sku;
  if (sku !== undefined) throw fieldRejection('SKU_TAKEN', 'variants', { sku });
}

/**
 * The product's URL id: the one asked for (409 when another product of the store has it),
 * else the title's slug made unique in the store.
 */
export async function productUrlId(
  tx: Tx,
  collectionId: string,
  input: { title: string; urlId?: string | undefined },
  exceptItemId: string | null,
): Promise<string> {
  const rows = await tx
    .select({ id: items.id, urlId: items.urlId })
    .from(items)
    .where(eq(items.collectionId, collectionId));
  const taken = new Set(rows.filter((r) => r.id !== exceptItemId).map((r) => r.urlId));
  if (input.urlId) {
    if (taken.has(input.urlId)) throw fieldRejection('URL_ID_TAKEN', 'urlId', { urlId: input.urlId });
    return input.urlId;
  }
  return uniqueName(input.title, taken, 'product');
}
