import { randomBytes, randomFillSync } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { cartEntries, carts, items, products, variants } from '../../db/schema/index';
import { theRow } from '../../db/rows';

export type CartRow = typeof carts.$inferSelect;
export type Db = Database | Tx;

/** How a request identifies its cart: a signed-in site user, else the CART cookie token. */
export interface CartOwner {
  websiteId: string;
  token?: string;
  siteUserId?: string;
  kind?: 'STANDARD' | 'SUBSCRIPTION';
}

const TOKEN_BYTES = 24;
/** Random bytes for 256 tokens, drawn from the CSPRNG at once; each byte is used once. */
const tokenPool = Buffer.alloc(TOKEN_BYTES * 256);
let tokenOffset = tokenPool.length;

/**
 * A new cart token: 24 bytes from the CSPRNG (192 bits), base64url. The cart add passes one
 * on every call (in case it must create the cart), so the bytes come from a pool refilled
 * 256 tokens at a time rather than one randomBytes call each.
 */
export function newCartToken(): string {
  if (tokenOffset === tokenPool.length) {
    randomFillSync(tokenPool);
    tokenOffset = 0;
  }
  const token = tokenPool.toString('base64url', tokenOffset, tokenOffset + TOKEN_BYTES);
  tokenOffset += TOKEN_BYTES;
  return token;
}

/** Find the open (not purchased) cart of this owner. `lock` takes a row lock for the transaction. */
export async function findOpenCart(db: Db, owner: CartOwner, lock = false): Promise<CartRow | undefined> {
  const kind = owner.kind ?? 'STANDARD';
  let where: ReturnType<typeof and>;
  if (owner.siteUserId) {
    where = and(
      eq(carts.websiteId, owner.websiteId),
      eq(carts.siteUserId, owner.siteUserId),
      eq(carts.kind, kind),
      eq(carts.isPurchased, false),
    );
  } else if (owner.token) {
    where = and(
      eq(carts.websiteId, owner.websiteId),
      eq(carts.token, owner.token),
      eq(carts.isPurchased, false),
    );
  } else return undefined;
  const query = db.select().from(carts).where(where).orderBy(asc(carts.createdAt)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function createCart(db: Db, owner: CartOwner): Promise<CartRow> {
  const rows = await db
    .insert(carts)
    .values({
      websiteId: owner.websiteId,
      token: newCartToken(),
      siteUserId: owner.siteUserId ?? null,
      kind: owner.kind ?? 'STANDARD',
    })
    .returning();
  return theRow(rows, 'insert into carts');
}

/** A cart line joined with the current catalogue (current prices and stock). */
export interface CartLine {
  entryId: string;
  itemId: string;
  sku: string;
  quantity: number;
  additionalFields: Record<string, unknown> | null;
  createdAt: Date;
  title: string;
  itemUrlId: string;
  imageUrl: string | null;
  productType: number;
  variantId: string;
  priceCents: number;
  salePriceCents: number;
  onSale: boolean;
  qtyInStock: number;
  unlimited: boolean;
  attributes: Record<string, string>;
}

/** Lines of a cart whose variant still exists, in the order they were added. */
export async function loadCartLines(db: Db, cartId: string): Promise<CartLine[]> {
  return db
    .select({
      entryId: cartEntries.id,
      itemId: cartEntries.itemId,
      sku: cartEntries.sku,
      quantity: cartEntries.quantity,
      additionalFields: cartEntries.additionalFields,
      createdAt: cartEntries.createdAt,
      title: items.title,
      itemUrlId: items.urlId,
      imageUrl: sql<string | null>`${items.mainImage}->>'assetUrl'`,
      productType: products.productType,
      variantId: variants.id,
      priceCents: variants.priceCents,
      salePriceCents: variants.salePriceCents,
      onSale: variants.onSale,
      qtyInStock: variants.qtyInStock,
      unlimited: variants.unlimited,
      attributes: variants.attributes,
    })
    .from(cartEntries)
    .innerJoin(
      variants,
      and(eq(variants.websiteId, cartEntries.websiteId), eq(variants.sku, cartEntries.sku)),
    )
    .innerJoin(items, eq(items.id, cartEntries.itemId))
    .innerJoin(products, eq(products.itemId, cartEntries.itemId))
    .where(eq(cartEntries.cartId, cartId))
    .orderBy(asc(cartEntries.createdAt), asc(cartEntries.id));
}

/**
 * Add `quantity` of a variant to a cart. Lines without additional-fields answers merge by
 * sku atomically (INSERT … ON CONFLICT adds the quantities), so concurrent adds never
 * duplicate or lose a line.
 */
export async function upsertEntry(
  db: Db,
  input: {
    websiteId: string;
    cartId: string;
    itemId: string;
    sku: string;
    quantity: number;
    additionalFields: Record<string, unknown> | null;
  },
): Promise<string> {
  const mergeKey = input.additionalFields
    ? `form:${randomBytes(12).toString('base64url')}`
    : `sku:${input.sku}`;
  const rows = await db
    .insert(cartEntries)
    .values({ ...input, mergeKey })
    .onConflictDoUpdate({
      target: [cartEntries.cartId, cartEntries.mergeKey],
      set: { quantity: sql`${cartEntries.quantity} + excluded.quantity` },
    })
    .returning({ id: cartEntries.id });
  return theRow(rows, 'upsert into cart_entries').id;
}

export async function touchCart(db: Db, cartId: string): Promise<void> {
  await db.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
}

export async function deleteEntries(db: Db, cartId: string, entryIds: string[]): Promise<void> {
  if (entryIds.length === 0) return;
  await db.delete(cartEntries).where(and(eq(cartEntries.cartId, cartId), inArray(cartEntries.id, entryIds)));
}
