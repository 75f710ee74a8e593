import type { VariantInput } from '@store/api';
import { tracksStock } from '@store/commerce';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { variants } from '../../db/schema/index';

type VariantRow = typeof variants.$inferSelect;

/** The stored values of a variant as sent (untracked types keep no stock: always unlimited). */
export function variantColumns(productType: number, v: VariantInput, displayIndex: number) {
  const tracked = tracksStock(productType);
  return {
    sku: v.sku,
    attributes: v.attributes,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    onSale: v.onSale,
    qtyInStock: tracked ? v.qtyInStock : 0,
    unlimited: tracked ? v.unlimited : true,
    weightGrams: v.weightGrams,
    imageUrl: v.imageUrl ?? null,
    displayIndex,
  };
}

/**
 * Replace a product's variants with `wanted` inside the caller's transaction. A sent id of one
 * of the product's variants updates that row in place, so restock signups (which reference
 * the variant) and carts (which name its SKU) keep pointing at it; variants not sent are
 * deleted (their signups go with them; a cart line naming a removed SKU drops from the cart
 * view); the rest are inserted. An unknown id is treated as a new variant.
 */
export async function replaceVariants(
  tx: Tx,
  websiteId: string,
  itemId: string,
  productType: number,
  wanted: VariantInput[],
): Promise<void> {
  // Locked first, in id order as checkout takes them: a save and a checkout never deadlock.
  const current = await tx
    .select()
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.itemId, itemId)))
    .orderBy(asc(variants.id))
    .for('update');
  const byId = new Map<string, VariantRow>(current.map((v) => [v.id, v]));
  const keptIds = wanted.map((v) => v.id).filter((id): id is string => id !== undefined && byId.has(id));
  const drop = current.filter((v) => !keptIds.includes(v.id)).map((v) => v.id);
  if (drop.length) await tx.delete(variants).where(inArray(variants.id, drop));
  // Two kept variants may swap SKUs: park changed SKUs on a unique placeholder first, so the
  // (website, sku) unique index never sees a transient duplicate.
  const renamed = wanted.filter((v) => v.id && byId.get(v.id) && byId.get(v.id)?.sku !== v.sku);
  for (const v of renamed)
    await tx
      .update(variants)
      .set({ sku: `moving:${v.id}` })
      .where(eq(variants.id, v.id as string));
  const fresh: ReturnType<typeof variantColumns>[] = [];
  for (const [i, v] of wanted.entries()) {
    const values = variantColumns(productType, v, i);
    if (v.id && byId.has(v.id)) await tx.update(variants).set(values).where(eq(variants.id, v.id));
    else fresh.push(values);
  }
  if (fresh.length)
    await tx.insert(variants).values(fresh.map((values) => ({ websiteId, itemId, ...values })));
}
