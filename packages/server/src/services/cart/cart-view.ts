import {
  type CartEntry,
  type CurrencyCode,
  deriveCart,
  type ProductTypeCode,
  type ShoppingCart,
} from '@store/commerce';
import type { GiftRecipient } from '../../db/schema/index';
import { type GiftCardViewFields, giftCardView } from '../gift-cards/gift-card-view';
import type { SiteRecord } from '../site.service';
import { type CartLine, type CartRow, type Db, loadCartLines } from './cart-store';
import { loadCartCoupons, loadPricingRules, loadShippedWeight } from '../store-settings/pricing-rules';

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
  const { taxRules: rules, shippingRates } = await loadPricingRules(db, site.id);
  const couponRows = cart ? await loadCartCoupons(db, site.id, cart.couponCodes) : [];
  const entries = lines.map((line) => lineToEntry(line));
  const weightGrams = await loadShippedWeight(db, shippingRates, entries);
  const location = cart?.shippingLocation;
  const derived = deriveCart(
    {
      id: cart?.id ?? '',
      websiteId: site.id,
      entries,
      orderId: cart?.orderId ?? null,
      created: cart?.createdAt.getTime() ?? 0,
      isPurchased: cart?.isPurchased ?? false,
      shippingLocation: location?.country ? { country: location.country, region: location.region } : null,
      coupons: couponRows,
      currency,
    },
    // Offered options, their cost and the selection come from the rules (zones, weight, free-over).
    {
      taxRules: rules,
      shippingRates,
      weightGrams,
      selectedShippingOptionId: cart?.selectedShippingOptionId,
      now: Date.now(),
      useCLDRMoneyFormat: true,
    },
  );
  // Gift card recipients, applied cards and the amount left to pay (services/gift-cards).
  const gift = await giftCardView(db, site.id, cart, derived.grandTotalCents, entries);
  return { ...derived, ...gift, token: cart?.token ?? null };
}
