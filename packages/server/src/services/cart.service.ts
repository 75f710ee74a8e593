import {
  type CartEntry,
  ProductType,
  QUANTITY_MAX,
  parseQuantity,
  tracksStock,
  validateAddToCart,
} from '@store/commerce';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { DONATION_SKU_PREFIX } from './donations/donation-product';
import { cartEntries, carts, coupons, shippingOptions } from '../db/schema/index';
import { asOutcome, type Outcome, Rejection } from '../reasons';
import {
  type CartOwner,
  type CartRow,
  createCart,
  type Db,
  deleteEntries,
  findOpenCart,
  loadCartLines,
  touchCart,
  upsertEntry,
} from './cart/cart-store';
import { type AddProduct, addProductCacheFor } from './cart/add-product-cache';
import { fastAdd } from './cart/cart-add-fast-sql';
import { readForAdd, writeAdd } from './cart/cart-add-sql';
import { buildCartView, type CartView } from './cart/cart-view';
import { loadCommerceProduct } from './catalog-product';
import { checkAdditionalFields, entryFormId } from './forms/additional-fields';
import type { SiteRecord } from './site.service';

/** The most of one line a cart holds (spec §5, §9): `@store/commerce`'s, the islands' too. */
export const MAX_QUANTITY = QUANTITY_MAX;

export interface AddEntryInput {
  itemId: string;
  sku: string | null;
  quantity: unknown;
  /** Additional-fields form answers (parsed from the JSON string of the request). */
  additionalFields: Record<string, unknown> | null;
  /** Chosen options when no sku was resolved by the client (for the missing-option message). */
  chosenOptions?: Record<string, string>;
}

export interface CartResult {
  cart: CartView;
  /** The cart's token, when this call created the cart (the route sets the CART cookie). */
  createdToken?: string;
}

/**
 * Add an item to the visitor's cart (spec §5 rules via @store/commerce) in two statements
 * and no interactive transaction (cart-add-sql.ts): read product + cart, check the rules,
 * then write. The write adds to an existing line atomically and refuses (no row) when a
 * concurrent add already took the line past stock or 9999, so lines never pass those
 * bounds; stock itself is only ever taken at checkout, atomically.
 */
export async function addEntry(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  input: AddEntryInput,
): Promise<Outcome<CartResult & { newlyAdded: CartEntry }>> {
  return asOutcome(async () => {
    const fast = await tryFastAdd(db, site, owner, input);
    if (fast) return fast;
    const products = addProductCacheFor(db);
    const generation = products?.generation(site.id);
    const read = await readForAdd(db, site.id, input.itemId, owner);
    const product = read.product;
    if (!product) throw new Rejection('ITEM_UNAVAILABLE');
    if (products && generation) products.set(site.id, input.itemId, generation, product);
    const result = validateAddToCart({
      product,
      sku: input.sku,
      chosenOptions: input.chosenOptions,
      quantity: input.quantity,
      cartEntries: read.lines.map((l) => ({
        itemId: l.itemId,
        chosenVariant: { sku: l.sku, attributes: {} },
        quantity: l.quantity,
      })),
    });
    if (!result.ok) throw new Rejection(result.code, undefined, result.message);
    if (product.additionalFieldsFormId && !input.additionalFields) {
      throw new Rejection('ADDITIONAL_FIELDS_REQUIRED');
    }
    // hardening (#12): the fields must satisfy the product's form, like in the browser.
    input.additionalFields = await checkAdditionalFields(
      db,
      site.id,
      product.additionalFieldsFormId,
      input.additionalFields,
    );
    const variant = result.variant ?? product.variants[0];
    if (!variant) throw new Rejection('VARIANT_UNAVAILABLE');
    const already = input.additionalFields ? undefined : read.lines.find((l) => l.sku === variant.sku);
    if (already && already.quantity + result.quantity > MAX_QUANTITY)
      throw new Rejection('QUANTITY_OUT_OF_RANGE');
    const limited = tracksStock(product.productType) && !variant.unlimited;
    const written = await writeAdd(db, {
      websiteId: site.id,
      owner,
      cartId: read.cart?.id ?? null,
      itemId: input.itemId,
      sku: variant.sku,
      quantity: result.quantity,
      additionalFields: input.additionalFields,
      maxQuantity: limited ? Math.min(MAX_QUANTITY, variant.qtyInStock) : MAX_QUANTITY,
    });
    // No row: a concurrent add took the line past what is allowed between our read and write.
    if (!written.entry) throw new Rejection(limited ? 'VARIANT_OUT_OF_STOCK' : 'QUANTITY_OUT_OF_RANGE');
    const cart = (written.createdCart ?? read.cart) as CartRow;
    const entry = written.entry;
    const lines = written.lines.some((l) => l.entryId === entry.id)
      ? written.lines.map((l) => (l.entryId === entry.id ? { ...l, quantity: entry.quantity } : l))
      : [
          ...written.lines,
          {
            entryId: entry.id,
            itemId: input.itemId,
            sku: variant.sku,
            quantity: entry.quantity,
            additionalFields: input.additionalFields,
            createdAt: entry.createdAt,
            title: product.title,
            itemUrlId: product.itemUrlId,
            imageUrl: product.imageUrl,
            productType: product.productType,
            variantId: variant.id ?? '',
            priceCents: variant.priceCents,
            salePriceCents: variant.salePriceCents,
            onSale: variant.onSale,
            qtyInStock: variant.qtyInStock,
            unlimited: variant.unlimited,
            attributes: variant.attributes,
          },
        ];
    const view = await buildCartView(db, site, cart, lines);
    const newlyAdded = view.entries.find((e) => e.id === entry.id)!;
    return { cart: view, newlyAdded, ...(written.createdCart ? { createdToken: cart.token } : {}) };
  });
}

/**
 * The common add in one statement (cart-add-fast-sql.ts): a product this process already
 * knows, no additional fields, the rules passing on it. Anything else — a cache miss, a
 * refusal by the rules or by the live stock in the write — returns undefined and the add
 * runs on freshly read data, so every answer other than success comes from live data.
 */
async function tryFastAdd(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  input: AddEntryInput,
): Promise<(CartResult & { newlyAdded: CartEntry }) | undefined> {
  const product: AddProduct | undefined = addProductCacheFor(db)?.get(site.id, input.itemId);
  if (!product || product.additionalFieldsFormId) return undefined;
  if (input.additionalFields && Object.keys(input.additionalFields).length > 0) return undefined;
  const result = validateAddToCart({
    product,
    sku: input.sku,
    chosenOptions: input.chosenOptions,
    quantity: input.quantity,
  });
  const variant = result.ok ? (result.variant ?? product.variants[0]) : undefined;
  if (!result.ok || !variant) return undefined;
  const written = await fastAdd(db, {
    websiteId: site.id,
    owner,
    product,
    itemId: input.itemId,
    sku: variant.sku,
    quantity: result.quantity,
    tracksStock: tracksStock(product.productType),
  });
  if (!written?.cart) return undefined;
  const view = await buildCartView(db, site, written.cart, written.lines);
  const newlyAdded = view.entries.find((e) => e.id === written.entryId)!;
  return { cart: view, newlyAdded, ...(written.created ? { createdToken: written.cart.token } : {}) };
}

/** The visitor's open cart, locked for `fn`; NO_CART (a Rejection) when there is none. */
async function withOpenCart<T>(
  db: Database,
  owner: CartOwner,
  fn: (tx: Db, cart: CartRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const cart = await findOpenCart(tx, owner, true);
    if (!cart) throw new Rejection('NO_CART');
    const out = await fn(tx, cart);
    await touchCart(tx, cart.id);
    return out;
  });
}

/** Set an entry's quantity (1–9999, within stock). */
export async function updateQuantity(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  entryId: string,
  quantity: unknown,
): Promise<Outcome<CartView>> {
  return asOutcome(() =>
    withOpenCart(db, owner, async (tx, cart) => {
      const parsed = parseQuantity(quantity);
      if (!parsed.ok) throw new Rejection(parsed.code);
      const line = (await loadCartLines(tx, cart.id)).find((l) => l.entryId === entryId);
      if (!line) throw new Rejection('ENTRY_NOT_FOUND');
      if (tracksStock(line.productType) && !line.unlimited && parsed.quantity > line.qtyInStock) {
        throw new Rejection('VARIANT_OUT_OF_STOCK');
      }
      // A member plan (paywall product) is joined once, and a donation is one gift of the
      // amount checked against its block's limits: either line stays at 1.
      const once = line.productType === ProductType.PAYWALL || line.sku.startsWith(DONATION_SKU_PREFIX);
      const next = once ? 1 : parsed.quantity;
      await tx.update(cartEntries).set({ quantity: next }).where(eq(cartEntries.id, entryId));
      return buildCartView(tx, site, cart);
    }),
  );
}

export async function removeEntry(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  entryId: string,
): Promise<Outcome<CartView>> {
  return asOutcome(() =>
    withOpenCart(db, owner, async (tx, cart) => {
      const lines = await loadCartLines(tx, cart.id);
      if (!lines.some((l) => l.entryId === entryId)) throw new Rejection('REMOVE_ENTRY_NOT_FOUND');
      await deleteEntries(tx, cart.id, [entryId]);
      return buildCartView(tx, site, cart);
    }),
  );
}

export async function updateAdditionalFields(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  entryId: string,
  additionalFields: Record<string, unknown>,
): Promise<Outcome<{ cart: CartView; updatedEntry: CartEntry }>> {
  return asOutcome(() =>
    withOpenCart(db, owner, async (tx, cart) => {
      // hardening (#12): checked against the entry's product form before it is stored.
      const formId = await entryFormId(tx, cart.id, entryId);
      if (formId === undefined) throw new Rejection('FORM_ENTRY_NOT_FOUND');
      additionalFields = (await checkAdditionalFields(tx, site.id, formId, additionalFields)) ?? {};
      const updated = await tx
        .update(cartEntries)
        .set({ additionalFields })
        .where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cart.id)))
        .returning({ id: cartEntries.id });
      if (updated.length === 0) throw new Rejection('FORM_ENTRY_NOT_FOUND');
      const view = await buildCartView(tx, site, cart);
      return { cart: view, updatedEntry: view.entries.find((e) => e.id === entryId)! };
    }),
  );
}

export async function selectShippingOption(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  shippingOptionId: string,
): Promise<Outcome<CartView>> {
  return asOutcome(() =>
    withOpenCart(db, owner, async (tx, cart) => {
      const [option] = await tx
        .select({ id: shippingOptions.id })
        .from(shippingOptions)
        .where(and(eq(shippingOptions.websiteId, site.id), eq(shippingOptions.id, shippingOptionId)));
      if (!option) throw new Rejection('SHIPPING_OPTION_UNAVAILABLE');
      await tx.update(carts).set({ selectedShippingOptionId: option.id }).where(eq(carts.id, cart.id));
      return buildCartView(tx, site, { ...cart, selectedShippingOptionId: option.id });
    }),
  );
}

export async function setShippingLocation(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  location: { country: string; region?: string; postalCode?: string },
): Promise<Outcome<CartView>> {
  return asOutcome(() =>
    withOpenCart(db, owner, async (tx, cart) => {
      const value = Object.fromEntries(Object.entries(location).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >;
      await tx.update(carts).set({ shippingLocation: value }).where(eq(carts.id, cart.id));
      return buildCartView(tx, site, { ...cart, shippingLocation: value });
    }),
  );
}

/** Apply a coupon code (case-insensitive). Unknown codes are refused; known ones are evaluated by the rules. */
export async function applyCoupon(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  code: string,
): Promise<Outcome<CartView>> {
  return asOutcome(() =>
    withOpenCart(db, owner, async (tx, cart) => {
      const [coupon] = await tx
        .select({ code: coupons.code })
        .from(coupons)
        .where(
          and(
            eq(coupons.websiteId, site.id),
            eq(coupons.enabled, true),
            sql`upper(${coupons.code}) = upper(${code})`,
          ),
        );
      if (!coupon) throw new Rejection('COUPON_UNKNOWN');
      const codes = cart.couponCodes.includes(coupon.code)
        ? cart.couponCodes
        : [...cart.couponCodes, coupon.code];
      await tx.update(carts).set({ couponCodes: codes }).where(eq(carts.id, cart.id));
      return buildCartView(tx, site, { ...cart, couponCodes: codes });
    }),
  );
}

export async function removeCoupon(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  code: string,
): Promise<Outcome<CartView>> {
  return asOutcome(() =>
    withOpenCart(db, owner, async (tx, cart) => {
      const codes = cart.couponCodes.filter((c) => c.toUpperCase() !== code.toUpperCase());
      await tx.update(carts).set({ couponCodes: codes }).where(eq(carts.id, cart.id));
      return buildCartView(tx, site, { ...cart, couponCodes: codes });
    }),
  );
}

export async function getCart(db: Database, site: SiteRecord, owner: CartOwner): Promise<CartView> {
  return buildCartView(db, site, await findOpenCart(db, owner));
}

/**
 * A one-product cart for subscription checkout (spec §7 POST /api/3/commerce/cart/subscription):
 * returns its token; the checkout page takes it as `cartToken`.
 */
export async function createSubscriptionCart(
  db: Database,
  site: SiteRecord,
  input: {
    itemId: string;
    sku: string | null;
    quantity: unknown;
    additionalFields: Record<string, unknown> | null;
    /** The signed-in account subscribing: its order, and so the subscription, is theirs. */
    siteUserId?: string | null;
  },
): Promise<Outcome<string>> {
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const loaded = await loadCommerceProduct(tx, site.id, input.itemId);
      if (!loaded) throw new Rejection('ITEM_UNAVAILABLE');
      if (!loaded.product.isSubscribable) throw new Rejection('NOT_SUBSCRIBABLE');
      const result = validateAddToCart({ product: loaded.product, sku: input.sku, quantity: input.quantity });
      if (!result.ok) throw new Rejection(result.code, undefined, result.message);
      const variant = result.variant ?? loaded.product.variants[0];
      if (!variant) throw new Rejection('VARIANT_UNAVAILABLE');
      // hardening (#12): same additional-fields check as a cart add.
      input.additionalFields = await checkAdditionalFields(
        tx,
        site.id,
        loaded.product.additionalFieldsFormId,
        input.additionalFields,
      );
      const cart = await createCart(tx, {
        websiteId: site.id,
        kind: 'SUBSCRIPTION',
        ...(input.siteUserId ? { siteUserId: input.siteUserId } : {}),
      });
      await upsertEntry(tx, {
        websiteId: site.id,
        cartId: cart.id,
        itemId: input.itemId,
        sku: variant.sku,
        quantity: result.quantity,
        additionalFields: input.additionalFields,
      });
      return cart.token;
    }),
  );
}
