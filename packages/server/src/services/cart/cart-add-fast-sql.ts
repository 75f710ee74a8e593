import type { Database } from '../../db/client';
import type { AddProduct } from './add-product-cache';
import { CART_JSON, linesJson, ACTIVITY_STALE } from './cart-add-sql';
import { type CartLine, type CartOwner, type CartRow, newCartToken } from './cart-store';
import { rawQuery } from './raw-query';

/**
 * The cart add in one statement, for a product already known to the process
 * (add-product-cache.ts) and checked by the rules of @store/commerce: find the visitor's
 * open cart (or create one), add the line with INSERT … ON CONFLICT on the merge key, touch
 * the cart, return the cart's lines as they were. Stock is read live here, not from the
 * cache: the line is written only when everything of that variant in the cart plus this add
 * stays within the live stock (and 9999), and a concurrent add to the same line sums into it
 * under the same bound. No row written → the caller re-checks on live data (two statements).
 * The other lines come back joined with the catalogue; the written line is built here from
 * the written row, the live variant and the cached product, so the common cart (one line,
 * added to again) costs no join at all: that join was a third of the statement's time.
 */
const fastWrite = (cartWhere: string) => `with found as (
    select * from carts c where c.website_id = $1 and not c.is_purchased and ${cartWhere}
    order by c.created_at limit 1),
  variant as (
    select v.id, v.price_cents, v.sale_price_cents, v.on_sale, v.qty_in_stock, v.unlimited, v.attributes,
      case when $10::boolean and not v.unlimited then least(9999, v.qty_in_stock) else 9999 end as cap
    from variants v where v.website_id = $1 and v.item_id = $6 and v.sku = $7),
  new_cart as (
    insert into carts (website_id, token, site_user_id, kind)
    select $1, $2, $4, $5 where not exists (select 1 from found)
      and exists (select 1 from variant v where $8 <= v.cap)
    returning *),
  target as (select id from found union all select id from new_cart),
  up as (
    insert into cart_entries (website_id, cart_id, item_id, sku, quantity, additional_fields, merge_key)
    select $1, t.id, $6, $7, $8, null, $9 from target t, variant v
    where (select coalesce(sum(e.quantity), 0) from cart_entries e where e.cart_id = t.id and e.sku = $7) + $8 <= v.cap
    on conflict (cart_id, merge_key) do update set quantity = cart_entries.quantity + excluded.quantity
      where cart_entries.quantity + excluded.quantity <= (select cap from variant)
    returning id, quantity, created_at),
  touch as (update carts set updated_at = now() where id = (select id from found) and ${ACTIVITY_STALE} and exists (select 1 from up))
  select (select ${CART_JSON} from found c) as cart,
    (select ${CART_JSON} from new_cart c) as new_cart,
    (select json_build_object('id', id, 'quantity', quantity, 'createdAt', created_at) from up) as entry,
    (select json_build_object('id', v.id, 'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents,
      'onSale', v.on_sale, 'qtyInStock', v.qty_in_stock, 'unlimited', v.unlimited, 'attributes', v.attributes)
      from variant v) as variant,
    ${linesJson('(select id from target)', '$9')} as lines`;

const BY_TOKEN = fastWrite('c.token = $3');
const BY_USER = fastWrite('c.site_user_id = $3 and c.kind = $5');

type CartJson = Omit<CartRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

const toCart = (row: CartJson | null): CartRow | null =>
  row ? { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) } : null;

export interface FastAdd {
  /** The cart added to (created by this add when `created`). Null when nothing was written. */
  cart: CartRow | null;
  created: boolean;
  /** The cart's lines after the add, with the catalogue's current values. */
  lines: CartLine[];
  entryId: string;
}

/** One-statement add of `quantity` of `sku` (no additional fields). Null: not written. */
export async function fastAdd(
  db: Database,
  input: {
    websiteId: string;
    owner: CartOwner;
    product: AddProduct;
    itemId: string;
    sku: string;
    quantity: number;
    tracksStock: boolean;
  },
): Promise<FastAdd | null> {
  const { owner } = input;
  const [row] = await rawQuery<{
    cart: CartJson | null;
    new_cart: CartJson | null;
    entry: { id: string; quantity: number; createdAt: string } | null;
    variant: Pick<
      CartLine,
      'priceCents' | 'salePriceCents' | 'onSale' | 'qtyInStock' | 'unlimited' | 'attributes'
    > & { id: string };
    lines: (Omit<CartLine, 'createdAt'> & { createdAt: string })[];
  }>(
    db,
    owner.siteUserId ? 'cart_add_fast_user' : 'cart_add_fast_token',
    owner.siteUserId ? BY_USER : BY_TOKEN,
    [
      input.websiteId,
      // A new cart always gets a new token (a stale CART cookie is never adopted).
      newCartToken(),
      owner.siteUserId ?? owner.token ?? null,
      owner.siteUserId ?? null,
      owner.kind ?? 'STANDARD',
      input.itemId,
      input.sku,
      input.quantity,
      `sku:${input.sku}`,
      input.tracksStock,
    ],
  );
  if (!row) throw new Error('the one-statement cart add returned no row');
  if (!row.entry) return null;
  const entry = row.entry;
  const cart = toCart(row.new_cart) ?? toCart(row.cart);
  // The variant's live price, sale and stock, read by the statement.
  const { id: variantId, ...live } = row.variant;
  const { product } = input;
  const written: CartLine = {
    entryId: entry.id,
    itemId: input.itemId,
    sku: input.sku,
    quantity: entry.quantity,
    additionalFields: null,
    createdAt: new Date(entry.createdAt),
    title: product.title,
    itemUrlId: product.itemUrlId,
    imageUrl: product.imageUrl,
    productType: product.productType,
    variantId,
    ...live,
  };
  // The order the database gives (created_at, then id): the timestamps compare as the
  // same-format text PostgreSQL wrote, microseconds included.
  const lines: CartLine[] = [];
  let placed = false;
  for (const l of row.lines) {
    if (
      !placed &&
      (entry.createdAt < l.createdAt || (entry.createdAt === l.createdAt && entry.id < l.entryId))
    ) {
      lines.push(written);
      placed = true;
    }
    lines.push({ ...l, createdAt: new Date(l.createdAt) });
  }
  if (!placed) lines.push(written);
  return { cart, created: row.new_cart !== null, lines, entryId: entry.id };
}
