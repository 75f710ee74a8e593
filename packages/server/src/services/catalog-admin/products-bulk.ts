import type { ProductInput } from '@store/api';
import { MAX_PRODUCTS_PER_COLLECTION, RecordType } from '@store/commerce';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { theRow } from '../../db/rows';
import { items, products, variants } from '../../db/schema/index';
import { asOutcome, fieldRejection, type Outcome, Rejection } from '../../reasons';
import { uniqueName } from '../studio/unique-name';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { checkProductRules, checkReferences, checkSkusFree, resolveImages } from './product-checks';
import { createProduct, productColumns } from './products.service';
import { loadProduct } from './product-read';
import { lockStore } from './store.service';
import { variantColumns } from './variant-set';

/** What became of each product of a batch, in the order given. */
export type BulkOutcome = Outcome<{ id: string; urlId: string }>;

/**
 * Create many new products of one store: the product editor's checks for each (rules, store
 * limit, categories, SKUs free on the site and within the batch, URL ids), then one insert per
 * table for the batch, in one transaction holding the store's lock. A product that fails a
 * check gets its reason and the others are created. Should the batch meet a concurrent writer
 * (a SKU taken meanwhile), each product is created on its own instead, so none is lost.
 */
export async function createProducts(
  db: Database,
  websiteId: string,
  collectionId: string,
  inputs: readonly ProductInput[],
): Promise<BulkOutcome[]> {
  try {
    return await retryTransaction(db, (tx) => createInOneGo(tx, websiteId, collectionId, inputs));
  } catch (error) {
    if (error instanceof Rejection) return inputs.map(() => ({ ok: false, reason: error.reason }) as const);
    const each: BulkOutcome[] = [];
    for (const input of inputs) {
      const made = await createProduct(db, websiteId, input);
      each.push(made.ok ? { ok: true, value: { id: made.value.id, urlId: made.value.urlId } } : made);
    }
    return each;
  }
}

async function createInOneGo(
  tx: Tx,
  websiteId: string,
  collectionId: string,
  inputs: readonly ProductInput[],
): Promise<BulkOutcome[]> {
  await lockStore(tx, websiteId, collectionId);
  const { n } = theRow(
    await tx
      .select({ n: count() })
      .from(items)
      .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId))),
    'count items',
  );
  const taken = new Set(
    (await tx.select({ urlId: items.urlId }).from(items).where(eq(items.collectionId, collectionId))).map(
      (r) => r.urlId,
    ),
  );
  const { max } = theRow(
    await tx
      .select({ max: sql<number>`coalesce(max(${items.displayIndex}), -1)::int` })
      .from(items)
      .where(eq(items.collectionId, collectionId)),
    'select max(display_index) from items',
  );
  let room = MAX_PRODUCTS_PER_COLLECTION - n;
  const skusInBatch = new Set<string>();
  const outcomes: BulkOutcome[] = [];
  const rows: {
    index: number;
    input: ProductInput;
    urlId: string;
    images: Awaited<ReturnType<typeof resolveImages>>;
  }[] = [];
  for (const [index, input] of inputs.entries()) {
    const checked = await asOutcome(async () => {
      if (input.collectionId !== collectionId) throw new Rejection('STORE_NOT_FOUND');
      checkProductRules(input);
      if (room <= 0) throw new Rejection('TOO_MANY_PRODUCTS');
      await checkReferences(tx, websiteId, input);
      const skus = input.variants.map((v) => v.sku);
      const repeated = skus.find((sku) => skusInBatch.has(sku.toLowerCase()));
      if (repeated !== undefined) throw fieldRejection('SKU_TAKEN', 'variants', { sku: repeated });
      await checkSkusFree(tx, websiteId, skus, null);
      let urlId: string;
      if (input.urlId) {
        if (taken.has(input.urlId)) throw fieldRejection('URL_ID_TAKEN', 'urlId', { urlId: input.urlId });
        urlId = input.urlId;
      } else urlId = uniqueName(input.title, taken, 'product');
      const images = input.imageIds.length ? await resolveImages(tx, websiteId, input.imageIds, []) : [];
      for (const sku of skus) skusInBatch.add(sku.toLowerCase());
      taken.add(urlId);
      room--;
      return { urlId, images };
    });
    outcomes.push(checked.ok ? { ok: true, value: { id: '', urlId: checked.value.urlId } } : checked);
    if (checked.ok) rows.push({ index, input, ...checked.value });
  }
  if (rows.length === 0) return outcomes;
  const inserted = await tx
    .insert(items)
    .values(
      rows.map((r, k) => ({
        websiteId,
        recordType: RecordType.storeItem,
        urlId: r.urlId,
        displayIndex: max + 1 + k,
        ...productColumns(r.input, r.images).item,
      })),
    )
    .returning({ id: items.id, urlId: items.urlId });
  const idOf = new Map(inserted.map((row) => [row.urlId, row.id]));
  await tx.insert(products).values(
    rows.map((r) => ({
      itemId: idOf.get(r.urlId) as string,
      websiteId,
      ...productColumns(r.input, r.images).product,
    })),
  );
  await tx.insert(variants).values(
    rows.flatMap((r) =>
      r.input.variants.map((v, i) => ({
        websiteId,
        itemId: idOf.get(r.urlId) as string,
        ...variantColumns(r.input.productType, v, i),
      })),
    ),
  );
  for (const r of rows) {
    const id = idOf.get(r.urlId) as string;
    outcomes[r.index] = { ok: true, value: { id, urlId: r.urlId } };
    // Webhook subscribers hear of each product as if it had been made in the editor.
    await queueWebhookEvent(tx, websiteId, 'product.changed', async () => ({
      object: 'product',
      change: 'created',
      ...(await loadProduct(tx, websiteId, id)),
    }));
  }
  return outcomes;
}
