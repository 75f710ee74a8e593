/** What the runtime passes to trackAddToCart (the add-to-cart button's result). */
export interface AddToCartArgs {
  product: {
    id: string;
    title?: string;
    productType?: number;
    collectionId?: string | null;
  };
  entry?: { quantity?: number; purchasePriceCents?: number; chosenVariant?: { sku?: string } } | null;
  productPage?: 'pdp' | 'plp';
  page?: {
    itemId?: string | null;
    collectionId?: string | null;
    collectionName?: string | null;
    currency?: string;
  };
  cartId?: string | null;
  numItemsInCart?: number;
  cartValueCents?: number;
}

export interface CommerceContext {
  websiteId: string;
  visitorRecord: string;
  sessionId: string;
  loggedIn: boolean;
  pageType: number;
}

const ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const idOrUndefined = (v: unknown) => (typeof v === 'string' && ID.test(v) ? v : undefined);

function productFields(args: AddToCartArgs) {
  return {
    item_id: args.product.id,
    item_type: args.product.productType ?? 1,
    item_title: (args.product.title ?? '').slice(0, 500),
    item_collection_id: idOrUndefined(args.product.collectionId ?? args.page?.collectionId),
    item_collection_name: args.page?.collectionName?.slice(0, 500) ?? undefined,
  };
}

/** The add_to_cart event content (spec §3 add-to-cart tracking plus commerce fields). */
export function addToCartContent(args: AddToCartArgs, ctx: CommerceContext): Record<string, unknown> {
  const content: Record<string, unknown> = {
    website_id: ctx.websiteId,
    page_id: idOrUndefined(args.page?.itemId ?? args.page?.collectionId),
    cart_id: idOrUndefined(args.cartId),
    product_page: args.productPage === 'plp' ? 'plp' : 'pdp',
    product: productFields(args),
    item_price: args.entry?.purchasePriceCents,
    currency_code: args.page?.currency,
    item_quantity: args.entry?.quantity,
    num_items_in_cart: args.numItemsInCart,
    cart_value: args.cartValueCents,
    logged_in: ctx.loggedIn,
    end_user_session_id: ctx.sessionId,
    ss_cvr: ctx.visitorRecord,
    page_type: ctx.pageType,
  };
  for (const k of Object.keys(content)) if (content[k] === undefined) delete content[k];
  return content;
}

/** commerce_item_viewed (product page view) content. */
export function productViewContent(args: AddToCartArgs, ctx: CommerceContext): Record<string, unknown> {
  const content: Record<string, unknown> = {
    website_id: ctx.websiteId,
    product: productFields(args),
    currency_code: args.page?.currency,
    logged_in: ctx.loggedIn,
    end_user_session_id: ctx.sessionId,
    ss_cvr: ctx.visitorRecord,
    page_type: ctx.pageType,
  };
  for (const k of Object.keys(content)) if (content[k] === undefined) delete content[k];
  return content;
}

/** commerce_checkout_confirmed content, sent once on the order-confirmed page (type 202). */
export function checkoutConfirmedContent(
  orderId: string,
  currency: string | undefined,
  ctx: CommerceContext,
) {
  const content: Record<string, unknown> = {
    website_id: ctx.websiteId,
    order_id: idOrUndefined(orderId),
    currency_code: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    logged_in: ctx.loggedIn,
    end_user_session_id: ctx.sessionId,
    ss_cvr: ctx.visitorRecord,
    page_type: ctx.pageType,
  };
  for (const k of Object.keys(content)) if (content[k] === undefined) delete content[k];
  return content;
}
