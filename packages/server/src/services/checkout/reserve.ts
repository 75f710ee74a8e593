import { STORE_CART_MESSAGES } from '@store/api';
import { type CurrencyCode, formatMoney, ProductType, tracksStock } from '@store/commerce';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { carts, checkoutReservations, type GiftRecipient, variants } from '../../db/schema/index';
import { Rejection } from '../../reasons';
import { type CartOwner, findOpenCart } from '../cart/cart-store';
import { buildCartView } from '../cart/cart-view';
import { type GiftCardTake, takeGiftCards } from '../gift-cards/gift-card-checkout';
import type { CaptureMode } from '../payments/payment-provider';
import type { SiteRecord } from '../site.service';
import { appliedCouponCode, countCouponUses } from '../store-settings/coupons.service';
import { anyLineRenews } from '../subscriptions/recurring-lines';

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  address1: string;
  address2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface CheckoutInput {
  email: string;
  shippingAddress?: ShippingAddress;
  shippingOptionId?: string;
  /** `provider`: the provider the buyer's page was made for (a token only it can charge). */
  payment: { provider?: string; token: string };
  /** The amount due the buyer was shown, in minor units: checkout refuses another (409). */
  expectedTotal?: number;
  /** The buyer ticked "Keep me posted": the e-mail joins the store's list once the order is placed. */
  newsletterOptIn?: boolean;
}

/** How long a checkout may hold stock while the provider (or the buyer, for 3-D Secure) answers. */
export const RESERVATION_SECONDS = 15 * 60;

/**
 * Everything the order is made of once paid, and everything given back if it is not: the
 * prices, totals and lines as the buyer confirmed them, the stock, coupon uses and gift card
 * amounts taken. Plain JSON (it is stored with the reservation).
 */
export interface ReservationSnapshot {
  order: {
    email: string;
    siteUserId: string | null;
    subtotalCents: number;
    taxCents: number;
    includedTaxCents: number;
    shippingCents: number;
    discountCents: number;
    grandTotalCents: number;
    giftCardCents: number;
    couponCode: string | null;
    shippingAddress: Record<string, string> | null;
    shippingOptionName: string | null;
  };
  lines: {
    itemId: string;
    sku: string;
    productName: string;
    variantDescription: string;
    productType: number;
    quantity: number;
    unitPriceCents: number;
    additionalFields: unknown;
    giftRecipient: GiftRecipient | null;
  }[];
  gift: GiftCardTake;
  /** [variant id, quantity] taken from stock, in id order. */
  stock: [string, number][];
  /** Coupon codes whose use was counted. */
  coupons: string[];
  /** A line renews (a subscription): the charge keeps the card for the renewals. */
  renews?: boolean;
  /** The buyer ticked "Keep me posted" (checkout-opt-in.ts joins them after the order). */
  newsletterOptIn?: boolean;
}

export type ReservationRow = typeof checkoutReservations.$inferSelect;

const byId = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The first short transaction of checkout: check the cart, take the stock (guarded UPDATE,
 * never below zero), count coupon uses, take gift card balances, and write the reservation.
 * The cart is closed (purchased) so the same cart cannot be reserved twice; a released
 * reservation opens it again. No network call happens in here.
 */
export async function reserveCheckout(
  tx: Tx,
  site: SiteRecord,
  owner: CartOwner,
  input: CheckoutInput,
  provider: { name: string; testMode: boolean; capture: CaptureMode },
  seconds = RESERVATION_SECONDS,
): Promise<ReservationRow> {
  const cart = await findOpenCart(tx, owner, true);
  if (!cart) throw new Rejection('CART_EMPTY');
  const location = input.shippingAddress
    ? {
        country: input.shippingAddress.country,
        ...(input.shippingAddress.region ? { region: input.shippingAddress.region } : {}),
      }
    : cart.shippingLocation;
  const selected = input.shippingOptionId ?? cart.selectedShippingOptionId;
  const prepared = {
    ...cart,
    shippingLocation: location ?? null,
    selectedShippingOptionId: selected ?? null,
  };
  const view = await buildCartView(tx, site, prepared);
  if (view.entries.length === 0) throw new Rejection('CART_EMPTY');
  // A member plan is joined by an account: the membership is that account's.
  if (!cart.siteUserId && view.entries.some((e) => e.productType === ProductType.PAYWALL))
    throw new Rejection('JOIN_SIGN_IN_REQUIRED');
  const minimum = site.storeSettings.minimumOrderSubtotalCents;
  if (minimum > 0 && view.subtotalCents < minimum) {
    throw new Rejection('MINIMUM_SUBTOTAL', {
      subtotal: formatMoney(minimum, site.currency as CurrencyCode),
    });
  }
  if (view.requiresShipping) {
    if (!input.shippingAddress) {
      throw new Rejection('SHIPPING_ADDRESS_MISSING', undefined, undefined, {
        errors: { shippingAddress: STORE_CART_MESSAGES.shippingAddressRequired },
      });
    }
    if (!view.selectedShippingOption) {
      throw new Rejection('SHIPPING_OPTION_MISSING', undefined, undefined, {
        errors: { shippingOptionId: STORE_CART_MESSAGES.shippingOptionRequired },
      });
    }
  }

  // Per variant (lines with different form answers may share one), in id order: two carts
  // holding the same variants in another order take their row locks in the same sequence.
  const wanted = new Map<string, number>();
  for (const entry of view.entries) {
    if (tracksStock(entry.productType) && !entry.unlimited)
      wanted.set(entry.variantId, (wanted.get(entry.variantId) ?? 0) + entry.quantity);
  }
  const stock = [...wanted].sort(byId);
  for (const [variantId, quantity] of stock) {
    const updated = await tx
      .update(variants)
      .set({ qtyInStock: sql`${variants.qtyInStock} - ${quantity}` })
      .where(
        and(eq(variants.id, variantId), eq(variants.unlimited, false), gte(variants.qtyInStock, quantity)),
      )
      .returning({ id: variants.id });
    if (updated.length === 0) throw new Rejection('VARIANT_OUT_OF_STOCK');
  }

  await countCouponUses(tx, site.id, view);
  const gift = await takeGiftCards(tx, site.id, cart.giftCardCodes, view, cart.giftCardBalancesSeen);
  // Never charge more than the buyer was shown: the total they confirmed, else the cards'
  // balances when applied (a card spent by another order meanwhile pays less).
  const changed =
    input.expectedTotal !== undefined
      ? input.expectedTotal !== gift.restCents && 'TOTAL_CHANGED'
      : gift.totalCents < gift.shownCents && 'GIFT_CARD_SPENT';
  if (changed) {
    throw new Rejection(
      changed,
      { total: formatMoney(gift.restCents, site.currency as CurrencyCode) },
      undefined,
      {
        amountDueCents: gift.restCents,
        grandTotalCents: view.grandTotalCents,
        giftCardCents: gift.totalCents,
      },
    );
  }

  const snapshot: ReservationSnapshot = {
    order: {
      email: input.email,
      siteUserId: cart.siteUserId,
      subtotalCents: view.subtotalCents,
      taxCents: view.taxCents,
      includedTaxCents: view.includedTaxCents,
      shippingCents: view.shippingCostCents,
      discountCents: view.discountCents,
      grandTotalCents: view.grandTotalCents,
      giftCardCents: gift.totalCents,
      couponCode: appliedCouponCode(view.validCoupons),
      shippingAddress: view.requiresShipping
        ? (input.shippingAddress as unknown as Record<string, string>)
        : null,
      shippingOptionName: view.requiresShipping ? (view.selectedShippingOption?.name ?? null) : null,
    },
    lines: view.entries.map((e) => ({
      itemId: e.itemId,
      sku: e.chosenVariant.sku,
      productName: e.title,
      variantDescription: Object.values(e.chosenVariant.attributes).join(' / '),
      productType: e.productType,
      quantity: e.quantity,
      unitPriceCents: e.purchasePriceCents,
      additionalFields: e.additionalFields ? JSON.parse(e.additionalFields) : null,
      giftRecipient: e.giftRecipient ?? null,
    })),
    gift,
    stock,
    coupons: view.validCoupons.map((c) => c.code),
    ...(input.newsletterOptIn === true ? { newsletterOptIn: true } : {}),
  };
  snapshot.renews = await anyLineRenews(tx, site.id, snapshot.lines);
  const reservation = theRow(
    await tx
      .insert(checkoutReservations)
      .values({
        websiteId: site.id,
        cartId: cart.id,
        amountCents: gift.restCents,
        currency: site.currency,
        paymentProvider: gift.restCents === 0 ? 'gift-cards' : provider.name,
        testMode: provider.testMode,
        captureMode: provider.capture,
        snapshot,
        expiresAt: sql`now() + make_interval(secs => ${seconds})`,
      })
      .returning(),
    'insert into checkout_reservations',
  );
  await tx.update(carts).set({ isPurchased: true, updatedAt: new Date() }).where(eq(carts.id, cart.id));
  return reservation;
}
