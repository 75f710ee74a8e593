import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { variants } from '../db/schema/index';

/** The stock of every variant of the given products of a site, by product then variant order. */
export async function stockLevels(db: Database, websiteId: string, itemIds: string[]) {
  return db
    .select({
      itemId: variants.itemId,
      sku: variants.sku,
      variantId: variants.id,
      unlimited: variants.unlimited,
      qtyInStock: variants.qtyInStock,
    })
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), inArray(variants.itemId, itemIds)))
    .orderBy(asc(variants.itemId), asc(variants.displayIndex));
}
