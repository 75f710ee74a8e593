import {
  type CartEntry,
  type Coupon,
  type CurrencyCode,
  deriveCart,
  type ProductTypeCode,
  type ShoppingCart,
  type TaxRule,
} from '@store/commerce';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { coupons, type GiftRecipient, shippingOptions, taxRules } from '../../db/schema/index';
import { type GiftCardViewFields, giftCardView } from '../gift-cards/gift-card-view';
import type { SiteRecord } from '../site.service';
import { type CartLine, type CartRow, type Db, loadCartLines } from './cart-store';
import { createSiteRulesCache } from './site-rules-cache';

/** The cart entity of spec §3, plus display fields the cart page needs per entry. */
export type CartView = Omit<ShoppingCart, 'entries'> &
  GiftCardViewFields & {
    token: string | null;
    entries: (CartEntry & {
      imageUrl: string | null;
      fullUrl: string;
      variantId: string;
      unlimited: boolean;
      qtyInStock: number;
      giftRecipient?: GiftRecipient | null;
    })[];
  };

/** Basis points → exact decimal percent string: 888 → "8.88". */
function basisPointsToPercent(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(bp % 100).padStart(2, '0');
  return `${whole}.${frac}`;
}

export async function loadTaxRules(db: Db, websiteId: string): Promise<TaxRule[]> {
  const rows = await db.select().from(taxRules).where(eq(taxRules.websiteId, websiteId));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    ratePercent: basisPointsToPercent(r.rateBasisPoints),
    country: r.country,
    ...(r.region ? { region: r.region } : {}),
  }));
}

export async function loadShippingOptions(db: Db, websiteId: string) {
  const rows = await db
    .select()
    .from(shippingOptions)
    .where(eq(shippingOptions.websiteId, websiteId))
    .orderBy(asc(shippingOptions.displayIndex));
  return rows.map((r) => ({ id: r.id, name: r.name, description: r.description, costCents: r.costCents }));
}

export async function loadCoupons(db: Db, websiteId: string, codes: string[]): Promise<Coupon[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.websiteId, websiteId), eq(coupons.enabled, true), inArray(coupons.code, codes)));
  return rows.map((r) =>
    r.kind === 'PERCENTAGE'
      ? { code: r.code, type: 'PERCENTAGE', percent: String(r.amount), minSubtotalCents: r.minSubtotalCents }
      : { code: r.code, type: 'FIXED_AMOUNT', amountCents: r.amount, minSubtotalCents: r.minSubtotalCents },
  );
}

export function lineToEntry(line: CartLine, storeUrlId = 'shop'): CartView['entries'][number] {
  const unit = line.onSale ? line.salePriceCents : line.priceCents;
  return {
    id: line.entryId,
    itemId: line.itemId,
    chosenVariant: { sku: line.sku, attributes: line.attributes },
    quantity: line.quantity,
    title: line.title,
    subTotal: unit * line.quantity,
    purchasePriceCents: unit,
    additionalFields: line.additionalFields ? JSON.stringify(line.additionalFields) : null,
    productType: line.productType as ProductTypeCode,
    imageUrl: line.imageUrl,
    fullUrl: `/${storeUrlId}/p/${line.itemUrlId}`,
    variantId: line.variantId,
    unlimited: line.unlimited,
    qtyInStock: line.qtyInStock,
  };
}

const siteRules = createSiteRulesCache(async (db, websiteId) => ({
  taxRules: await loadTaxRules(db, websiteId),
  shippingOptions: await loadShippingOptions(db, websiteId),
}));

/**
 * The cart entity with current prices (a cart always shows today's prices; an order keeps
 * the prices it was placed at). An absent cart is an empty one.
 */
export async function buildCartView(
  db: Db,
  site: SiteRecord,
  cart: CartRow | undefined,
  /** The cart's lines when the caller already has them (the cart add's write returns them). */
  knownLines?: CartLine[],
): Promise<CartView> {
  const currency = site.currency as CurrencyCode;
  // Sequential on purpose: inside a transaction these share one connection.
  const lines = knownLines ?? (cart ? await loadCartLines(db, cart.id) : []);
  const { taxRules: rules, shippingOptions: options } = await siteRules(db, site.id);
  const couponRows = cart ? await loadCoupons(db, site.id, cart.couponCodes) : [];
  const entries = lines.map((line) => lineToEntry(line));
  const selected = options.find((o) => o.id === cart?.selectedShippingOptionId) ?? null;
  const location = cart?.shippingLocation;
  const derived = deriveCart(
    {
      id: cart?.id ?? '',
      websiteId: site.id,
      entries,
      orderId: cart?.orderId ?? null,
      created: cart?.createdAt.getTime() ?? 0,
      isPurchased: cart?.isPurchased ?? false,
      shippingOptions: options,
      selectedShippingOption: selected,
      shippingLocation: location?.country ? { country: location.country, region: location.region } : null,
      coupons: couponRows,
      currency,
    },
    { taxRules: rules, useCLDRMoneyFormat: true },
  );
  // Gift card recipients, applied cards and the amount left to pay (services/gift-cards).
  const gift = await giftCardView(db, site.id, cart, derived.grandTotalCents, entries);
  return { ...derived, ...gift, token: cart?.token ?? null };
}
