import { LOW_STOCK_THRESHOLD, tracksStock, variantStockState } from '@store/commerce';
import { type SQL, and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { items, products, restockSignups, variants } from '../../db/schema/index';
import { asOutcome, fieldRejection, type Outcome } from '../../reasons';
import { decodeCursor, paginate } from '../owner/cursor';
import { containsPattern } from './product-read';

const PAGE = 100;

/** Signups of a variant not mailed yet. */
const waitingSql = sql<number>`(select count(*)::int from ${restockSignups} where ${restockSignups.variantId} = ${variants.id} and ${restockSignups.notifiedAt} is null)`;

/** The SQL twin of variantStockState (types 1 and 3 are the ones tracksStock counts). */
const stockStateSql = sql<string>`case when ${products.productType} not in (1, 3) or ${variants.unlimited} then 'unlimited'
  when ${variants.qtyInStock} <= 0 then 'out' when ${variants.qtyInStock} <= ${LOW_STOCK_THRESHOLD} then 'low' else 'in_stock' end`;

async function inventoryRows(db: Database | Tx, where: SQL | undefined, limit?: number) {
  const query = db
    .select({
      v: variants,
      productTitle: items.title,
      productType: products.productType,
      waiting: waitingSql,
    })
    .from(variants)
    .innerJoin(items, eq(items.id, variants.itemId))
    .innerJoin(products, eq(products.itemId, variants.itemId))
    .where(where)
    .orderBy(asc(items.title), asc(variants.sku), asc(variants.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  return rows.map((r) => ({
    cursorKey: [r.productTitle, r.v.sku, r.v.id],
    row: {
      variantId: r.v.id,
      productId: r.v.itemId,
      productTitle: r.productTitle,
      productType: r.productType,
      sku: r.v.sku,
      attributes: r.v.attributes,
      qtyInStock: r.v.qtyInStock,
      unlimited: r.v.unlimited,
      tracksStock: tracksStock(r.productType),
      stockState: variantStockState(r.productType, r.v),
      waiting: r.waiting,
    },
  }));
}

/** Every variant of the site by product title and SKU, with search and a stock-state filter. */
export async function listInventory(
  db: Database,
  websiteId: string,
  query: { cursor?: string | undefined; q?: string | undefined; stock?: string | undefined },
) {
  const q = query.q?.trim();
  const after = decodeCursor(query.cursor, 3);
  const rows = await inventoryRows(
    db,
    and(
      eq(variants.websiteId, websiteId),
      q
        ? sql`(${items.title} ilike ${containsPattern(q)} or ${variants.sku} ilike ${containsPattern(q)})`
        : undefined,
      query.stock ? sql`${stockStateSql} = ${query.stock}` : undefined,
      after
        ? sql`(${items.title}, ${variants.sku}, ${variants.id}) > (${after[0]}, ${after[1]}, ${after[2]})`
        : undefined,
    ),
    PAGE + 1,
  );
  const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE, (r) => r.cursorKey);
  return { variants: page.map((r) => r.row), hasNextPage, nextPageCursor };
}

export interface StockChange {
  variantId: string;
  qtyInStock?: number | undefined;
  adjustBy?: number | undefined;
  unlimited?: boolean | undefined;
}

/**
 * Apply stock edits in one transaction: every row is checked under its row lock before any
 * is written, so one bad row (unknown variant, stock below 0, an untracked product) changes
 * nothing. Answers the changed variants and, for each that came back in stock (was sold out,
 * now sellable) with signups waiting, a restock offer for the studio.
 */
export async function editStock(
  db: Database,
  websiteId: string,
  changes: StockChange[],
): Promise<Outcome<StockEdit>> {
  return asOutcome(() => applyStock(db, websiteId, changes));
}

export type StockEdit = Awaited<ReturnType<typeof applyStock>>;

async function applyStock(db: Database, websiteId: string, changes: StockChange[]) {
  const seen = new Set<string>();
  for (const change of changes) {
    if (seen.has(change.variantId))
      throw fieldRejection('STOCK_CHANGED_TWICE', 'changes', { id: change.variantId });
    seen.add(change.variantId);
  }
  // Locks in variant id order, as checkout takes them; a deadlock all the same runs it again.
  return retryTransaction(db, async (tx) => {
    const ids = changes.map((c) => c.variantId);
    const locked = await tx
      .select({ v: variants, productType: products.productType })
      .from(variants)
      .innerJoin(products, eq(products.itemId, variants.itemId))
      .where(and(eq(variants.websiteId, websiteId), inArray(variants.id, ids)))
      .orderBy(asc(variants.id))
      .for('update', { of: variants });
    const writes = changes.map((change, i) => {
      const found = locked.find((l) => l.v.id === change.variantId);
      if (!found) throw fieldRejection('UNKNOWN_VARIANT', `changes.${i}.variantId`, { id: change.variantId });
      const { v, productType } = found;
      if (change.qtyInStock !== undefined && change.adjustBy !== undefined)
        throw fieldRejection('STOCK_SET_AND_ADJUSTED', `changes.${i}`, { sku: v.sku });
      if (!tracksStock(productType)) throw fieldRejection('STOCK_UNTRACKED', `changes.${i}`, { sku: v.sku });
      const qty = change.qtyInStock ?? v.qtyInStock + (change.adjustBy ?? 0);
      if (qty < 0) throw fieldRejection('STOCK_NEGATIVE', `changes.${i}.adjustBy`, { sku: v.sku });
      const unlimited = change.unlimited ?? v.unlimited;
      const wasSellable = v.unlimited || v.qtyInStock > 0;
      const isSellable = unlimited || qty > 0;
      return { v, qty, unlimited, backInStock: !wasSellable && isSellable };
    });
    for (const w of writes)
      await tx
        .update(variants)
        .set({ qtyInStock: w.qty, unlimited: w.unlimited })
        .where(eq(variants.id, w.v.id));
    const rows = (
      await inventoryRows(tx, and(eq(variants.websiteId, websiteId), inArray(variants.id, ids)))
    ).map((r) => r.row);
    const restockOffers = writes
      .filter((w) => w.backInStock)
      .map((w) => ({
        productId: w.v.itemId,
        variantId: w.v.id,
        sku: w.v.sku,
        waiting: rows.find((r) => r.variantId === w.v.id)?.waiting ?? 0,
      }))
      .filter((offer) => offer.waiting > 0);
    return { variants: rows, restockOffers };
  });
}
