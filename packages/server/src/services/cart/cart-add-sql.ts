import { randomBytes } from 'node:crypto';
import type { Product, ProductTypeCode, Variant } from '@store/commerce';
import type { Database } from '../../db/client';
import { type CartLine, type CartOwner, type CartRow, newCartToken } from './cart-store';
import { rawQuery } from './raw-query';

/**
 * The SQL of a cart add: two statements, no interactive transaction.
 *   1. read: the product with its variants, the visitor's open cart and its lines;
 *   2. write: create the cart if needed, insert-or-add the line (ON CONFLICT on the merge
 *      key, so concurrent adds of a variant sum into one line), touch the cart, and return
 *      the cart's lines as they were plus the written line.
 * The rules (spec §5) run in between, in @store/commerce.
 */

export const CART_JSON = `json_build_object('id', c.id, 'websiteId', c.website_id, 'token', c.token, 'kind', c.kind,
  'siteUserId', c.site_user_id, 'isPurchased', c.is_purchased, 'orderId', c.order_id,
  'selectedShippingOptionId', c.selected_shipping_option_id, 'shippingLocation', c.shipping_location,
  'couponCodes', c.coupon_codes, 'giftCardCodes', c.gift_card_codes, 'createdAt', c.created_at,
  'updatedAt', c.updated_at)`;

const PRODUCT_JSON = `(select json_build_object('itemUrlId', i.url_id, 'title', i.title,
    'collectionId', i.collection_id, 'imageUrl', i.main_image->>'assetUrl', 'productType', p.product_type,
    'isSubscribable', p.is_subscribable, 'subscriptionPlan', p.subscription_plan,
    'additionalFieldsFormId', p.additional_fields_form_id,
    'useCustomAddButtonText', p.use_custom_add_button_text, 'customAddButtonText', p.custom_add_button_text,
    'variantOptionOrdering', p.variant_option_ordering,
    'variants', coalesce((select json_agg(json_build_object('id', v.id, 'sku', v.sku,
        'priceCents', v.price_cents, 'salePriceCents', v.sale_price_cents, 'onSale', v.on_sale,
        'qtyInStock', v.qty_in_stock, 'unlimited', v.unlimited, 'attributes', v.attributes)
        order by v.display_index)
      from variants v where v.website_id = $1 and v.item_id = $2), '[]'::json))
  from products p join items i on i.id = p.item_id
  where p.website_id = $1 and p.item_id = $2)`;

const readSql = (cartWhere: string) => `with cart as (
    select * from carts c where c.website_id = $1 and not c.is_purchased and ${cartWhere}
    order by c.created_at limit 1)
  select ${PRODUCT_JSON} as product,
    (select ${CART_JSON} from cart c) as cart,
    (select coalesce(json_agg(json_build_object('itemId', e.item_id, 'sku', e.sku, 'quantity', e.quantity)), '[]'::json)
      from cart_entries e where e.cart_id = (select id from cart)) as lines`;

const READ_BY_TOKEN = readSql('c.token = $3');
const READ_BY_USER = readSql('c.site_user_id = $3 and c.kind = $4');

/**
 * An add rewrites the cart row's `updated_at` (last activity) only when it is more than a
 * minute old: a visitor adding several things in a row, or many adds to one cart, rewrote
 * the whole cart row (and its indexes) each time for a timestamp nobody needs finer than
 * that. Measured under 16 concurrent adds: ~25 % more adds per second.
 */
export const ACTIVITY_STALE = "updated_at < now() - interval '1 minute'";

/**
 * A cart's lines joined with the current catalogue (same shape as cart-store loadCartLines),
 * optionally without the line of one merge key (the line the statement itself writes).
 */
export const linesJson = (
  cartId: string,
  exceptMergeKey?: string,
) => `(select coalesce(json_agg(l order by l."createdAt", l."entryId"), '[]'::json) from (
    select e.id as "entryId", e.item_id as "itemId", e.sku, e.quantity, e.additional_fields as "additionalFields",
      e.created_at as "createdAt", i.title, i.url_id as "itemUrlId", i.main_image->>'assetUrl' as "imageUrl",
      p.product_type as "productType", v.id as "variantId", v.price_cents as "priceCents",
      v.sale_price_cents as "salePriceCents", v.on_sale as "onSale", v.qty_in_stock as "qtyInStock",
      v.unlimited, v.attributes
    from cart_entries e
    join variants v on v.website_id = e.website_id and v.sku = e.sku
    join items i on i.id = e.item_id
    join products p on p.item_id = e.item_id
    where e.cart_id = ${cartId}${exceptMergeKey ? ` and e.merge_key <> ${exceptMergeKey}` : ''}) l)`;

const WRITE = `with new_cart as (
    insert into carts (website_id, token, site_user_id, kind)
    select $1, $2, $3, $4 where $5::text is null
    returning id, ${CART_JSON.replaceAll('c.', '')} as row),
  target as (select coalesce($5::text, (select id from new_cart)) as id),
  up as (
    insert into cart_entries (website_id, cart_id, item_id, sku, quantity, additional_fields, merge_key)
    select $1, t.id, $6, $7, $8, $9::jsonb, $10 from target t
    on conflict (cart_id, merge_key) do update set quantity = cart_entries.quantity + excluded.quantity
      where cart_entries.quantity + excluded.quantity <= $11
    returning id, quantity, created_at),
  touch as (update carts set updated_at = now() where id = $5::text and ${ACTIVITY_STALE} and exists (select 1 from up))
  select (select row from new_cart) as new_cart,
    (select json_build_object('id', id, 'quantity', quantity, 'createdAt', created_at) from up) as entry,
    ${linesJson('$5::text')} as lines`;

export interface AddRead {
  product: (Product & { itemUrlId: string; imageUrl: string | null }) | null;
  cart: CartRow | null;
  lines: { itemId: string; sku: string; quantity: number }[];
}

interface ProductJson {
  itemUrlId: string;
  title: string;
  collectionId: string;
  imageUrl: string | null;
  productType: number;
  isSubscribable: boolean;
  subscriptionPlan: Product['subscriptionPlan'];
  additionalFieldsFormId: string | null;
  useCustomAddButtonText: boolean;
  customAddButtonText: string;
  variantOptionOrdering: string[];
  variants: Omit<Variant, 'optionValues'>[];
}

type CartJson = Omit<CartRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

function toCart(row: CartJson | null): CartRow | null {
  if (!row) return null;
  return { ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) };
}

export async function readForAdd(
  db: Database,
  websiteId: string,
  itemId: string,
  owner: CartOwner,
): Promise<AddRead> {
  const [row] = owner.siteUserId
    ? await rawQuery<{ product: ProductJson | null; cart: CartJson | null; lines: AddRead['lines'] }>(
        db,
        'cart_add_read_user',
        READ_BY_USER,
        [websiteId, itemId, owner.siteUserId, owner.kind ?? 'STANDARD'],
      )
    : await rawQuery<{ product: ProductJson | null; cart: CartJson | null; lines: AddRead['lines'] }>(
        db,
        'cart_add_read_token',
        READ_BY_TOKEN,
        [websiteId, itemId, owner.token ?? null],
      );
  if (!row) throw new Error('the cart add read returned no row');
  const p = row.product;
  const product = p
    ? {
        id: itemId,
        collectionId: p.collectionId,
        title: p.title,
        productType: p.productType as ProductTypeCode,
        variants: p.variants.map((v) => ({
          ...v,
          optionValues: Object.entries(v.attributes).map(([optionName, value]) => ({ optionName, value })),
        })),
        isSubscribable: p.isSubscribable,
        subscriptionPlan: p.subscriptionPlan,
        onSale: p.variants[0]?.onSale ?? false,
        priceCents: p.variants[0]?.priceCents ?? 0,
        salePriceCents: p.variants[0]?.salePriceCents ?? 0,
        additionalFieldsFormId: p.additionalFieldsFormId,
        useCustomAddButtonText: p.useCustomAddButtonText,
        customAddButtonText: p.customAddButtonText,
        variantOptionOrdering: p.variantOptionOrdering,
        itemUrlId: p.itemUrlId,
        imageUrl: p.imageUrl,
      }
    : null;
  return {
    product,
    cart: owner.token || owner.siteUserId ? toCart(row.cart) : null,
    lines: row.lines,
  };
}

export interface AddWrite {
  /** The cart created by this add, if there was none. */
  createdCart: CartRow | null;
  /** The written line, or null when the sum would pass `maxQuantity` (a concurrent add won). */
  entry: { id: string; quantity: number; createdAt: Date } | null;
  /** The cart's lines before this add (the written one is merged in by the caller). */
  lines: CartLine[];
}

export async function writeAdd(
  db: Database,
  input: {
    websiteId: string;
    owner: CartOwner;
    cartId: string | null;
    itemId: string;
    sku: string;
    quantity: number;
    additionalFields: Record<string, unknown> | null;
    /** The line's quantity may not pass this (stock, or 9999). */
    maxQuantity: number;
  },
): Promise<AddWrite> {
  const mergeKey = input.additionalFields
    ? `form:${randomBytes(12).toString('base64url')}`
    : `sku:${input.sku}`;
  const [row] = await rawQuery<{
    new_cart: CartJson | null;
    entry: { id: string; quantity: number; createdAt: string } | null;
    lines: (Omit<CartLine, 'createdAt'> & { createdAt: string })[];
  }>(db, 'cart_add_write', WRITE, [
    input.websiteId,
    // A new cart always gets a new token (a stale CART cookie is never adopted).
    newCartToken(),
    input.owner.siteUserId ?? null,
    input.owner.kind ?? 'STANDARD',
    input.cartId,
    input.itemId,
    input.sku,
    input.quantity,
    input.additionalFields ? JSON.stringify(input.additionalFields) : null,
    mergeKey,
    input.maxQuantity,
  ]);
  if (!row) throw new Error('a cart add statement returned no row');
  return {
    createdCart: toCart(row.new_cart),
    entry: row.entry ? { ...row.entry, createdAt: new Date(row.entry.createdAt) } : null,
    lines: row.lines.map((l) => ({ ...l, createdAt: new Date(l.createdAt) })),
  };
}
