import type { Product, ProductTypeCode, Variant } from '@store/commerce';
import { and, asc, eq } from 'drizzle-orm';
import { items, products, variants } from '../db/schema/index';
import type { Db } from './cart/cart-store';

export interface LoadedProduct {
  product: Product;
  itemUrlId: string;
  /** sku → variant row id */
  variantIds: Map<string, string>;
}

/** A product in the shape of the commerce rules, or undefined when it does not exist here. */
export async function loadCommerceProduct(
  db: Db,
  websiteId: string,
  itemId: string,
): Promise<LoadedProduct | undefined> {
  const [row] = await db
    .select({ item: items, product: products })
    .from(products)
    .innerJoin(items, eq(items.id, products.itemId))
    .where(and(eq(products.websiteId, websiteId), eq(products.itemId, itemId)))
    .limit(1);
  if (!row) return undefined;
  const variantRows = await db
    .select()
    .from(variants)
    .where(and(eq(variants.websiteId, websiteId), eq(variants.itemId, itemId)))
    .orderBy(asc(variants.displayIndex));
  const commerceVariants: Variant[] = variantRows.map((v) => ({
    id: v.id,
    sku: v.sku,
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    onSale: v.onSale,
    qtyInStock: v.qtyInStock,
    unlimited: v.unlimited,
    attributes: v.attributes,
    optionValues: Object.entries(v.attributes).map(([optionName, value]) => ({ optionName, value })),
  }));
  const p = row.product;
  return {
    itemUrlId: row.item.urlId,
    variantIds: new Map(variantRows.map((v) => [v.sku, v.id])),
    product: {
      id: p.itemId,
      collectionId: row.item.collectionId,
      title: row.item.title,
      productType: p.productType as ProductTypeCode,
      variants: commerceVariants,
      isSubscribable: p.isSubscribable,
      subscriptionPlan: p.subscriptionPlan,
      onSale: variantRows[0]?.onSale ?? false,
      priceCents: variantRows[0]?.priceCents ?? 0,
      salePriceCents: variantRows[0]?.salePriceCents ?? 0,
      additionalFieldsFormId: p.additionalFieldsFormId,
      useCustomAddButtonText: p.useCustomAddButtonText,
      customAddButtonText: p.customAddButtonText,
      variantOptionOrdering: p.variantOptionOrdering,
    },
  };
}
