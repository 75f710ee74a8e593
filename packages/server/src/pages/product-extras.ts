import type { Database } from '../db/client';
import { type CollectionRow, type ItemRow, listItemsPage, loadProducts } from '../services/catalog.service';
import { reviewSummary } from '../services/reviews.service';
import type { SiteRecord } from '../services/site.service';
import type { PageContext } from './page-context';
import { serializeItem } from '../services/serialize-catalog';
import type { SiteFrameData } from './site-frame';

/** How many related products a product page shows. */
export const RELATED_COUNT = 4;

type Categories = SiteFrameData['categories'];

/**
 * Up to four other products of the same store, those sharing a category with this one
 * first, in the owner's order. Serialized like grid items so the theme's price and status
 * formatters work on them; the page cache treats them as items the page shows.
 */
async function relatedProducts(
  db: Database,
  site: SiteRecord,
  collection: CollectionRow,
  row: ItemRow,
  categories: Categories,
) {
  const picked: ItemRow[] = [];
  const take = (rows: ItemRow[]) => {
    for (const r of rows)
      if (picked.length < RELATED_COUNT && r.id !== row.id && !picked.some((p) => p.id === r.id))
        picked.push(r);
  };
  for (const categoryId of row.categoryIds) {
    if (picked.length >= RELATED_COUNT) break;
    const { rows } = await listItemsPage(db, site.id, collection.id, {
      limit: RELATED_COUNT + 1,
      offset: 0,
      categoryId,
    });
    take(rows);
  }
  if (picked.length < RELATED_COUNT) {
    const { rows } = await listItemsPage(db, site.id, collection.id, { limit: RELATED_COUNT * 2, offset: 0 });
    take(rows);
  }
  const products = await loadProducts(db, site.id, picked);
  return picked
    .filter((r) => products.has(r.id))
    .map((r) =>
      serializeItem(r, collection, { product: products.get(r.id), currency: site.currency, categories }),
    );
}

/**
 * What a product page shows besides the product: related products, and, when the store has
 * native reviews on (spec §3 merchandisingSettings), the star summary of approved reviews.
 * The review list and form load lazily in the browser (spec §7 "lazy chunks for … reviews").
 */
export async function attachProductExtras(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  collection: CollectionRow,
  row: ItemRow,
  categories: Categories,
): Promise<void> {
  const reviewsOn = site.storeSettings?.merchandisingSettings?.enableNativeReviews === true;
  const [related, summary] = await Promise.all([
    relatedProducts(db, site, collection, row, categories),
    reviewsOn ? reviewSummary(db, site.id, row.id) : null,
  ]);
  // On the item: the theme reads them inside `{.section item}`, where sections see only the item.
  const item = context.item as Record<string, unknown>;
  item.relatedProducts = related;
  if (summary)
    item.productReviews = {
      ...summary,
      // Whole and half stars for the theme (4.3 → 4.5 shown as ★★★★½).
      stars: [1, 2, 3, 4, 5].map((n) =>
        summary.average >= n ? 'full' : summary.average >= n - 0.5 ? 'half' : 'empty',
      ),
      averageText: summary.average.toFixed(1),
    };
}
