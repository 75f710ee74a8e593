import { and, asc, eq, getTableColumns, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, collections, items, products, variants } from '../db/schema/index';

export type CollectionRow = typeof collections.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type CategoryRow = typeof categories.$inferSelect;

export interface ProductRecord {
  item: ItemRow;
  product: ProductRow;
  variants: VariantRow[];
}

export async function findCollectionByUrlId(
  db: Database,
  websiteId: string,
  urlId: string,
): Promise<CollectionRow | undefined> {
  const [row] = await db
    .select()
    .from(collections)
    .where(
      and(eq(collections.websiteId, websiteId), eq(collections.urlId, urlId), eq(collections.enabled, true)),
    )
    .limit(1);
  return row;
}

export async function listCollections(db: Database, websiteId: string): Promise<CollectionRow[]> {
  return db
    .select()
    .from(collections)
    .where(eq(collections.websiteId, websiteId))
    .orderBy(asc(collections.displayIndex));
}

export async function listItems(db: Database, websiteId: string, collectionId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId)))
    .orderBy(asc(items.displayIndex));
}

/**
 * One page of a collection's items in display order, optionally within a category, with
 * the total count in the same query. The count is a scalar subquery (an index-only scan of
 * items_website_collection_idx), not `count(*) over ()`: a window over the whole collection
 * reads every item row, body included, before the limit applies (1,300 products: ~1.3 ms
 * against ~0.2 ms).
 */
export async function listItemsPage(
  db: Database,
  websiteId: string,
  collectionId: string,
  options: {
    limit: number;
    offset: number;
    categoryId?: string | undefined;
    /** Only items carrying this tag (a blog's `?tag=`). */
    tag?: string | undefined;
    /** Only items published in this range (a blog's `?month=`). */
    published?: { from: Date; to: Date } | undefined;
  },
): Promise<{ rows: ItemRow[]; total: number }> {
  const conditions = [eq(items.websiteId, websiteId), eq(items.collectionId, collectionId)];
  if (options.categoryId)
    conditions.push(sql`${items.categoryIds} @> ${JSON.stringify([options.categoryId])}::jsonb`);
  if (options.tag) conditions.push(sql`${items.tags} @> ${JSON.stringify([options.tag])}::jsonb`);
  if (options.published)
    conditions.push(gte(items.publishOn, options.published.from), lt(items.publishOn, options.published.to));
  const where = and(...conditions);
  const found = await db
    .select({
      ...getTableColumns(items),
      total: sql<number>`(select count(*)::int from ${items} where ${where})`,
    })
    .from(items)
    .where(where)
    .orderBy(asc(items.displayIndex), asc(items.id))
    .limit(options.limit)
    .offset(options.offset);
  const total = found[0]?.total ?? 0;
  return { rows: found.map(({ total: _, ...row }) => row), total };
}

export async function findItemBySlug(
  db: Database,
  websiteId: string,
  collectionId: string,
  urlId: string,
): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.websiteId, websiteId), eq(items.collectionId, collectionId), eq(items.urlId, urlId)))
    .limit(1);
  return row;
}

/** Products (with variants in display order) for the given store items, keyed by item id. */
export async function loadProducts(
  db: Database,
  websiteId: string,
  itemRows: ItemRow[],
): Promise<Map<string, ProductRecord>> {
  const ids = itemRows.map((i) => i.id);
  const out = new Map<string, ProductRecord>();
  if (ids.length === 0) return out;
  const [productRows, variantRows] = await Promise.all([
    db
      .select()
      .from(products)
      .where(and(eq(products.websiteId, websiteId), inArray(products.itemId, ids))),
    db
      .select()
      .from(variants)
      .where(and(eq(variants.websiteId, websiteId), inArray(variants.itemId, ids)))
      .orderBy(asc(variants.displayIndex)),
  ]);
  const byItem = new Map(itemRows.map((i) => [i.id, i]));
  for (const product of productRows) {
    const item = byItem.get(product.itemId);
    if (item) out.set(product.itemId, { item, product, variants: [] });
  }
  for (const v of variantRows) out.get(v.itemId)?.variants.push(v);
  return out;
}

export async function listCategories(
  db: Database,
  websiteId: string,
  collectionId: string,
): Promise<CategoryRow[]> {
  return db
    .select()
    .from(categories)
    .where(and(eq(categories.websiteId, websiteId), eq(categories.collectionId, collectionId)))
    .orderBy(asc(categories.displayIndex));
}
