import { productStockState, variantStockState } from '@store/commerce';
import { type SQL, and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import type { SubscriptionPlan } from '../../db/schema/catalog';
import { collections, items, products, variants } from '../../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../../reasons';
import { itemUrl } from '../serialize-catalog';
import { decodeCursor, olderThan, paginate } from '../owner/cursor';
import type { StoredImage } from './product-checks';

const PAGE = 50;

/** The merchandising fields the page context reads (pages/page-context.ts addStoreContext). */
function merchandisingOf(m: Record<string, unknown>) {
  return {
    customSoldOutText: typeof m.customSoldOutText === 'string' ? m.customSoldOutText : '',
    scarcityEnabled: m.scarcityEnabled === true,
    scarcityText: typeof m.scarcityText === 'string' ? m.scarcityText : '',
    scarcityShownByDefault: m.scarcityShownByDefault !== false,
    restockNotificationsEnabled: m.restockNotificationsEnabled === true,
  };
}

/** The product's pictures in order: the main image, then the gallery. */
export function imagesOf(item: typeof items.$inferSelect): StoredImage[] {
  const gallery = (item.structuredContent as { images?: unknown }).images;
  return [
    ...(item.mainImage ? [item.mainImage as StoredImage] : []),
    ...(Array.isArray(gallery) ? (gallery as StoredImage[]) : []),
  ];
}

/** One product as the editor reads it; PRODUCT_NOT_FOUND when it is not a product of the site. */
export async function getProduct(
  db: Database | Tx,
  websiteId: string,
  itemId: string,
): Promise<Outcome<EditorProduct>> {
  return asOutcome(() => loadProduct(db, websiteId, itemId));
}

export type EditorProduct = Awaited<ReturnType<typeof loadProduct>>;

/** getProduct's work, for a caller already inside `asOutcome` (throws a Rejection). */
export async function loadProduct(db: Database | Tx, websiteId: string, itemId: string) {
  const [row] = await db
    .select({ item: items, product: products, collection: collections })
    .from(items)
    .innerJoin(products, eq(products.itemId, items.id))
    .innerJoin(collections, eq(collections.id, items.collectionId))
    .where(and(eq(items.websiteId, websiteId), eq(items.id, itemId)));
  if (!row) throw new Rejection('PRODUCT_NOT_FOUND');
  const { item, product, collection } = row;
  const rows = await db
    .select()
    .from(variants)
    .where(eq(variants.itemId, itemId))
    .orderBy(asc(variants.displayIndex), asc(variants.sku));
  return {
    id: item.id,
    title: item.title,
    urlId: item.urlId,
    fullUrl: itemUrl(collection, item),
    excerpt: item.excerpt,
    description: item.body,
    collectionId: item.collectionId,
    categoryIds: item.categoryIds,
    productType: product.productType,
    isSubscribable: product.isSubscribable,
    subscriptionPlan: (product.subscriptionPlan ?? null) as SubscriptionPlan | null,
    additionalFieldsFormId: product.additionalFieldsFormId,
    useCustomAddButtonText: product.useCustomAddButtonText,
    customAddButtonText: product.customAddButtonText,
    merchandising: merchandisingOf(product.merchandising),
    images: imagesOf(item).map((image, i) => ({
      id: image.id ?? `current:${i}`,
      assetUrl: image.assetUrl,
      originalSize: image.originalSize,
      altText: image.altText ?? '',
    })),
    variantOptionOrdering: product.variantOptionOrdering,
    variants: rows.map((v) => ({
      id: v.id,
      sku: v.sku,
      attributes: v.attributes,
      priceCents: v.priceCents,
      salePriceCents: v.salePriceCents,
      onSale: v.onSale,
      qtyInStock: v.qtyInStock,
      unlimited: v.unlimited,
      weightGrams: v.weightGrams,
      imageUrl: v.imageUrl,
      stockState: variantStockState(product.productType, v),
    })),
    stockState: productStockState(product.productType, rows),
  };
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A product's stock facts in SQL (spec §4 total stock), for filtering and listing. */
const totalSql = sql<number>`(select coalesce(sum(greatest(${variants.qtyInStock}, 0)), 0)::int from ${variants} where ${variants.itemId} = ${items.id})`;
const anyUnlimitedSql = sql<boolean>`(select coalesce(bool_or(${variants.unlimited}), false) from ${variants} where ${variants.itemId} = ${items.id})`;

/**
 * The SQL twin of productStockState: types 1 and 3 (physical, service) are the ones
 * tracksStock counts; the low threshold is passed in so the two never disagree.
 */
function stockStateSql(low: number): SQL<string> {
  return sql<string>`case when ${products.productType} not in (1, 3) or ${anyUnlimitedSql} then 'unlimited'
    when ${totalSql} <= 0 then 'out' when ${totalSql} <= ${low} then 'low' else 'in_stock' end`;
}

export interface ProductListQuery {
  cursor?: string | undefined;
  q?: string | undefined;
  type?: number | undefined;
  collectionId?: string | undefined;
  categoryId?: string | undefined;
  stock?: string | undefined;
}

/** Products of the site, newest first, with search and filters (the studio's product list). */
export async function listProducts(
  db: Database,
  site: { id: string; currency: string },
  query: ProductListQuery,
  lowThreshold: number,
) {
  const q = query.q?.trim();
  const rows = await db
    .select({
      item: items,
      productType: products.productType,
      collection: { urlId: collections.urlId, type: collections.type },
      total: totalSql,
      anyUnlimited: anyUnlimitedSql,
      prices: sql<{
        min: number;
        max: number;
        count: number;
      }>`(select json_build_object('min', coalesce(min(${variants.priceCents}), 0), 'max', coalesce(max(${variants.priceCents}), 0), 'count', count(*)) from ${variants} where ${variants.itemId} = ${items.id})`,
      cursorAt: sql<string>`${items.createdAt}::text`,
    })
    .from(items)
    .innerJoin(products, eq(products.itemId, items.id))
    .innerJoin(collections, eq(collections.id, items.collectionId))
    .where(
      and(
        eq(items.websiteId, site.id),
        query.type !== undefined ? eq(products.productType, query.type) : undefined,
        query.collectionId ? eq(items.collectionId, query.collectionId) : undefined,
        query.categoryId
          ? sql`${items.categoryIds} @> ${JSON.stringify([query.categoryId])}::jsonb`
          : undefined,
        q
          ? sql`(${items.title} ilike ${containsPattern(q)} or exists (select 1 from ${variants} where ${variants.itemId} = ${items.id} and ${variants.sku} ilike ${containsPattern(q)}))`
          : undefined,
        query.stock ? sql`${stockStateSql(lowThreshold)} = ${query.stock}` : undefined,
        olderThan(items, decodeCursor(query.cursor, 2, 0)),
      ),
    )
    .orderBy(desc(items.createdAt), desc(items.id))
    .limit(PAGE + 1);
  const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE, (r) => [r.cursorAt, r.item.id]);
  return {
    products: page.map((r) => {
      const stockState = productStockState(r.productType, [
        { unlimited: r.anyUnlimited, qtyInStock: r.total },
      ]);
      return {
        id: r.item.id,
        title: r.item.title,
        urlId: r.item.urlId,
        fullUrl: itemUrl(r.collection, r.item),
        collectionId: r.item.collectionId,
        categoryIds: r.item.categoryIds,
        productType: r.productType,
        mainImageUrl: r.item.mainImage?.assetUrl ?? null,
        variantCount: r.prices.count,
        priceCents: Number(r.prices.min),
        maxPriceCents: Number(r.prices.max),
        currency: site.currency,
        totalStock: stockState === 'unlimited' ? null : r.total,
        stockState,
      };
    }),
    hasNextPage,
    nextPageCursor,
  };
}
