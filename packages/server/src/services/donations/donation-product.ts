import { ProductType, RecordType } from '@store/commerce';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { items, products, variants } from '../../db/schema/index';
import { type HiddenStore, hiddenStoreId } from '../catalog-admin/hidden-store';

const DONATIONS_STORE: HiddenStore = { urlId: 'donations', title: 'Donations' };
const ITEM_URL_ID = 'donation';

/** The sku prefix of donation variants: one variant per amount given (its price). */
export const DONATION_SKU_PREFIX = 'DONATION-';

/** The sku of a donation of this many minor units. */
export const donationSku = (amountMinor: number) => `${DONATION_SKU_PREFIX}${amountMinor}`;

/**
 * The site's donation product, made on first need: one digital item (no shipping, no stock)
 * in a "Donations" store that is turned off, so nothing of it is listed to visitors, as the
 * Appointments store is for paid bookings. Each amount a donor gives (checked by the server
 * first) is a variant priced at that amount, so checkout charges exactly it and an order's
 * lines keep it, like any other line.
 */
export async function donationVariantFor(
  tx: Tx,
  websiteId: string,
  amountMinor: number,
): Promise<{ itemId: string; sku: string }> {
  const storeId = await hiddenStoreId(tx, websiteId, DONATIONS_STORE);
  const findItem = async () =>
    (
      await tx
        .select({ id: items.id })
        .from(items)
        .where(and(eq(items.collectionId, storeId), eq(items.urlId, ITEM_URL_ID)))
    )[0];
  let item = await findItem();
  if (!item) {
    const [made] = await tx
      .insert(items)
      .values({
        websiteId,
        collectionId: storeId,
        recordType: RecordType.storeItem,
        title: 'Donation',
        urlId: ITEM_URL_ID,
      })
      .onConflictDoNothing()
      .returning({ id: items.id });
    if (made)
      await tx.insert(products).values({ itemId: made.id, websiteId, productType: ProductType.DIGITAL });
    item = made ?? (await findItem());
    if (!item) throw new Error('the donation product could not be made');
  }
  const sku = donationSku(amountMinor);
  await tx
    .insert(variants)
    .values({ websiteId, itemId: item.id, sku, priceCents: amountMinor, unlimited: true })
    .onConflictDoNothing();
  const [variant] = await tx
    .select({ itemId: variants.itemId })
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.sku, sku)));
  // An owner's own product with this sku: not a donation variant, never charged as one.
  if (variant?.itemId !== item.id) throw new Error('a donation sku is taken by another product');
  return { itemId: item.id, sku };
}
