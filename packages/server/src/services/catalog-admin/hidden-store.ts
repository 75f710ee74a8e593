import { CollectionType, type ProductTypeCode, RecordType } from '@store/commerce';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { collections, items, products, variants } from '../../db/schema/index';

/**
 * Things a visitor pays for that are not catalogue products (appointments, member plans,
 * donations) are sold through a product in a disabled store of their own, so that cart,
 * checkout, orders and refunds treat them like any other line while no shop page lists them.
 */
export interface HiddenStore {
  /** The store's address segment, unique per site: 'appointments', 'memberships', … */
  urlId: string;
  title: string;
}

/** The id of the site's hidden store, made on first use (concurrent first uses make one). */
export async function hiddenStoreId(tx: Tx, websiteId: string, store: HiddenStore): Promise<string> {
  await tx
    .insert(collections)
    .values({
      websiteId,
      type: CollectionType.products,
      urlId: store.urlId,
      title: store.title,
      enabled: false,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ id: collections.id })
    .from(collections)
    .where(and(eq(collections.websiteId, websiteId), eq(collections.urlId, store.urlId)));
  if (!row) throw new Error(`the ${store.urlId} store could not be made`);
  return row.id;
}

/** A new one-variant product in a hidden store, with unlimited stock. */
export async function addHiddenProduct(
  tx: Tx,
  websiteId: string,
  store: HiddenStore,
  product: { urlId: string; title: string; productType: ProductTypeCode; sku: string; priceMinor: number },
): Promise<{ itemId: string; sku: string }> {
  const collectionId = await hiddenStoreId(tx, websiteId, store);
  const [item] = await tx
    .insert(items)
    .values({
      websiteId,
      collectionId,
      recordType: RecordType.storeItem,
      title: product.title,
      urlId: product.urlId,
    })
    .returning({ id: items.id });
  if (!item) throw new Error('insert into items returned no row');
  await tx.insert(products).values({ itemId: item.id, websiteId, productType: product.productType });
  await tx.insert(variants).values({
    websiteId,
    itemId: item.id,
    sku: product.sku,
    priceCents: product.priceMinor,
    unlimited: true,
  });
  return { itemId: item.id, sku: product.sku };
}
