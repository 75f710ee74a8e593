import type { TransferProduct } from '@store/api';
import { CollectionType, RecordType, tracksStock } from '@store/commerce';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { categories, collections, items, products, translations, variants } from '../../db/schema/index';
import { imagesOf } from '../catalog-admin/product-read';
import { categoryPath } from './catalog-csv';

type CategoryRow = typeof categories.$inferSelect;

/** "Parent > Child" of a category, from its store's categories (the root "all items" left out). */
function pathOf(id: string, byId: Map<string, CategoryRow>): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  let at = byId.get(id);
  while (at && at.parentCategoryId !== null && !seen.has(at.id)) {
    seen.add(at.id);
    names.unshift(at.displayName);
    at = byId.get(at.parentCategoryId);
  }
  return names;
}

/**
 * Every product of the site in the portable form, store by store in the studio's order and
 * products in their display order. A library image is named by its media id; an image that is
 * not from the library (seeded) by its address.
 */
export async function exportCatalog(db: Database, websiteId: string): Promise<TransferProduct[]> {
  const stores = await db
    .select()
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.type, CollectionType.products)))
    .orderBy(asc(collections.displayIndex), asc(collections.title));
  if (stores.length === 0) return [];
  const storeIds = stores.map((s) => s.id);
  const [itemRows, variantRows, categoryRows, translationRows] = await Promise.all([
    db
      .select({ item: items, product: products })
      .from(items)
      .innerJoin(products, eq(products.itemId, items.id))
      .where(
        and(
          eq(items.websiteId, websiteId),
          eq(items.recordType, RecordType.storeItem),
          inArray(items.collectionId, storeIds),
        ),
      )
      .orderBy(asc(items.displayIndex), asc(items.id)),
    db
      .select()
      .from(variants)
      .where(eq(variants.websiteId, websiteId))
      .orderBy(asc(variants.displayIndex), asc(variants.sku)),
    db.select().from(categories).where(eq(categories.websiteId, websiteId)),
    db
      .select()
      .from(translations)
      .where(and(eq(translations.websiteId, websiteId), eq(translations.subjectType, 'product'))),
  ]);
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const variantsOf = new Map<string, (typeof variantRows)[number][]>();
  for (const v of variantRows) variantsOf.set(v.itemId, [...(variantsOf.get(v.itemId) ?? []), v]);
  const translationsOf = new Map<string, TransferProduct['translations']>();
  for (const t of translationRows) {
    const field = t.field === 'summary' ? 'excerpt' : t.field;
    if (field !== 'title' && field !== 'excerpt' && field !== 'description') continue;
    const mine = translationsOf.get(t.subjectId) ?? {};
    mine[t.language] = { ...mine[t.language], [field]: t.value };
    translationsOf.set(t.subjectId, mine);
  }
  const order = new Map(storeIds.map((id, i) => [id, i]));
  const storeTitle = new Map(stores.map((s) => [s.id, s.title]));
  return itemRows
    .sort((a, b) => (order.get(a.item.collectionId) ?? 0) - (order.get(b.item.collectionId) ?? 0))
    .map(({ item, product }) => ({
      handle: item.urlId,
      store: storeTitle.get(item.collectionId) ?? '',
      title: item.title,
      excerpt: item.excerpt,
      description: item.body,
      productType: product.productType as TransferProduct['productType'],
      categories: item.categoryIds
        .map((id) => categoryPath(pathOf(id, categoryById)))
        .filter((path) => path.length > 0),
      options: product.variantOptionOrdering,
      variants: (variantsOf.get(item.id) ?? []).map((v) => ({
        sku: v.sku,
        attributes: v.attributes,
        priceMinor: v.priceCents,
        salePriceMinor: v.salePriceCents,
        onSale: v.onSale,
        // Types that keep no stock are always unlimited, whatever an older row says.
        stock: tracksStock(product.productType) ? v.qtyInStock : 0,
        unlimited: tracksStock(product.productType) ? v.unlimited : true,
        weightGrams: v.weightGrams,
        image: v.imageUrl ?? null,
      })),
      images: imagesOf(item).map((image) => image.id ?? image.assetUrl),
      subscriptionPlan: product.isSubscribable ? (product.subscriptionPlan ?? null) : null,
      translations: translationsOf.get(item.id) ?? {},
    }));
}
