import type { ProductInput } from '@store/api';
import { MAX_PRODUCTS_PER_COLLECTION } from '@store/commerce';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { isUniqueViolation, retryTransaction } from '../../db/retry-transaction';
import { theRow } from '../../db/rows';
import { items, products } from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import { cleanHtml } from '../html/clean-html';
import { RecordType } from '@store/commerce';
import {
  type StoredImage,
  checkProductRules,
  checkReferences,
  checkSkusFree,
  productUrlId,
  resolveImages,
} from './product-checks';
import { type EditorProduct, imagesOf, loadProduct } from './product-read';
import { lockStore } from './store.service';
import { replaceVariants } from './variant-set';
import { queueWebhookEvent } from '../webhooks/webhook-events';

/** A store may hold 200 products (spec §9); counted under the store's row lock. */
async function checkRoom(tx: Tx, websiteId: string, collectionId: string): Promise<void> {
  const { n } = theRow(
    await tx
      .select({ n: count() })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId))),
    'count items',
  );
  if (n >= MAX_PRODUCTS_PER_COLLECTION) throw new Rejection('TOO_MANY_PRODUCTS');
}

/**
 * A product save: the input's own rules checked first (no transaction for a refused input),
 * then its transaction, run again after a deadlock (its variant locks meet checkouts'); a
 * unique-index race lost to a concurrent save is SKU_CONFLICT, not a 500.
 */
async function inTransaction<T>(
  db: Database,
  input: ProductInput,
  work: (tx: Tx) => Promise<T>,
): Promise<Outcome<T>> {
  return asOutcome(async () => {
    checkProductRules(input);
    try {
      return await retryTransaction(db, work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new Rejection('SKU_CONFLICT');
      throw error;
    }
  });
}

/** The product columns of items and products as the page context reads them. */
export function productColumns(input: ProductInput, images: StoredImage[]) {
  const [main, ...gallery] = images;
  return {
    item: {
      title: input.title,
      excerpt: input.excerpt,
      body: cleanHtml(input.description, 'rich'),
      collectionId: input.collectionId,
      categoryIds: [...new Set(input.categoryIds)],
      mainImage: main ?? null,
      structuredContent: { images: gallery },
    },
    product: {
      productType: input.productType,
      isSubscribable: input.isSubscribable,
      subscriptionPlan: input.isSubscribable ? (input.subscriptionPlan ?? null) : null,
      additionalFieldsFormId: input.additionalFieldsFormId ?? null,
      useCustomAddButtonText: input.useCustomAddButtonText,
      customAddButtonText: input.customAddButtonText,
      variantOptionOrdering: input.variantOptionOrdering,
      merchandising: { ...input.merchandising },
    },
  };
}

/** Create a product with its variants in one transaction (checks first, 4xx on any rule). */
export async function createProduct(
  db: Database,
  websiteId: string,
  input: ProductInput,
): Promise<Outcome<EditorProduct>> {
  return inTransaction(db, input, async (tx) => {
    await lockStore(tx, websiteId, input.collectionId);
    await checkRoom(tx, websiteId, input.collectionId);
    await checkReferences(tx, websiteId, input);
    await checkSkusFree(
      tx,
      websiteId,
      input.variants.map((v) => v.sku),
      null,
    );
    const urlId = await productUrlId(tx, input.collectionId, input, null);
    const images = await resolveImages(tx, websiteId, input.imageIds, []);
    const { item, product } = productColumns(input, images);
    const { max } = theRow(
      await tx
        .select({ max: sql<number>`coalesce(max(${items.displayIndex}), -1)::int` })
        .from(items)
        .where(eq(items.collectionId, input.collectionId)),
      'select max(display_index) from items',
    );
    const row = theRow(
      await tx
        .insert(items)
        .values({ websiteId, recordType: RecordType.storeItem, urlId, displayIndex: max + 1, ...item })
        .returning({ id: items.id }),
      'insert into items',
    );
    await tx.insert(products).values({ itemId: row.id, websiteId, ...product });
    await replaceVariants(tx, websiteId, row.id, input.productType, input.variants);
    return productChanged(tx, websiteId, row.id, 'created');
  });
}

/**
 * Save a whole product: its fields, images and the variant set (kept ids stay, see
 * replaceVariants). Without a URL id the current one is kept (made unique when the product
 * moves to another store). Moving to another store counts against that store's limit.
 */
export async function updateProduct(
  db: Database,
  websiteId: string,
  itemId: string,
  input: ProductInput,
): Promise<Outcome<EditorProduct>> {
  return inTransaction(db, input, async (tx) => {
    const [current] = await tx
      .select()
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId)))
      .for('update');
    if (!current || current.recordType !== RecordType.storeItem) throw new Rejection('PRODUCT_NOT_FOUND');
    await lockStore(tx, websiteId, input.collectionId);
    if (input.collectionId !== current.collectionId) await checkRoom(tx, websiteId, input.collectionId);
    await checkReferences(tx, websiteId, input);
    await checkSkusFree(
      tx,
      websiteId,
      input.variants.map((v) => v.sku),
      itemId,
    );
    const urlId = await productUrlId(
      tx,
      input.collectionId,
      input.urlId ? input : { title: current.urlId },
      itemId,
    );
    const images = await resolveImages(tx, websiteId, input.imageIds, imagesOf(current));
    const { item, product } = productColumns(input, images);
    // Other structured content (not written by the editor) is kept.
    const structuredContent = { ...current.structuredContent, ...item.structuredContent };
    await tx
      .update(items)
      .set({ ...item, structuredContent, urlId })
      .where(eq(items.id, itemId));
    await tx.update(products).set(product).where(eq(products.itemId, itemId));
    await replaceVariants(tx, websiteId, itemId, input.productType, input.variants);
    return productChanged(tx, websiteId, itemId, 'updated');
  });
}

/** Delete a product; its variants and signups go with it (foreign keys cascade). */
export async function deleteProduct(db: Database, websiteId: string, itemId: string): Promise<Outcome<void>> {
  const deleted = await db.transaction(async (tx) => {
    const gone = await tx
      .delete(items)
      .where(
        and(eq(items.websiteId, websiteId), eq(items.id, itemId), eq(items.recordType, RecordType.storeItem)),
      )
      .returning({ id: items.id, title: items.title });
    for (const row of gone)
      await queueWebhookEvent(tx, websiteId, 'product.changed', () => ({
        object: 'product',
        change: 'deleted',
        id: row.id,
        title: row.title,
      }));
    return gone;
  });
  if (!deleted.length) return { ok: false, reason: 'PRODUCT_NOT_FOUND' };
  return { ok: true, value: undefined };
}

/** The product as the editor reads it, and its product.changed webhook, in the save's transaction. */
async function productChanged(tx: Tx, websiteId: string, itemId: string, change: 'created' | 'updated') {
  const product = await loadProduct(tx, websiteId, itemId);
  await queueWebhookEvent(tx, websiteId, 'product.changed', () => ({
    object: 'product',
    change,
    ...product,
  }));
  return product;
}
