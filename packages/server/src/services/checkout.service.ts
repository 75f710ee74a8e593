import { randomBytes } from 'node:crypto';
import { CART_ERRORS, type CurrencyCode, formatMoney, tracksStock } from '@store/commerce';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { theRow } from '../db/rows';
import { carts, orderItems, orders, variants } from '../db/schema/index';
import { ApiError } from '../errors';
import { asOutcome, type Outcome, Rejection } from '../reasons';
import { type CartOwner, findOpenCart } from './cart/cart-store';
import { buildCartView } from './cart/cart-view';
import { grantDownloads } from './downloads/download-links';
import {
  issueGiftCards,
  PAID_BY_GIFT_CARDS,
  recordGiftCardRedemptions,
  takeGiftCards,
} from './gift-cards/gift-card-checkout';
import { type SerializedOrder, serializeOrder } from './order.service';
import { announcePlacedOrder } from './orders/order-placed';
import type { PaymentProvider } from './payments/payment-provider';
import type { SiteRecord } from './site.service';
import { appliedCouponCode, countCouponUses } from './store-settings/coupons.service';

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
  payment: { token: string };
}

/**
 * Place an order from the visitor's cart in one transaction: stock is decremented
 * atomically (`qty_in_stock >= n` in the UPDATE), so concurrent checkouts never oversell;
 * prices are copied at checkout time; the cart is marked purchased. Nothing is committed
 * unless payment succeeded, and the response is sent only after the commit.
 */
export async function placeOrder(
  db: Database,
  site: SiteRecord,
  owner: CartOwner,
  input: CheckoutInput,
  payments: PaymentProvider,
): Promise<Outcome<{ order: SerializedOrder; accessToken: string }>> {
  // A Rejection rolls the transaction back (stock taken so far is returned) and becomes the outcome.
  return asOutcome(() =>
    db.transaction(async (tx) => {
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
      const minimum = site.storeSettings.minimumOrderSubtotalCents;
      if (minimum > 0 && view.subtotalCents < minimum) {
        throw new Rejection('MINIMUM_SUBTOTAL', {
          subtotal: formatMoney(minimum, site.currency as CurrencyCode),
        });
      }

      if (view.requiresShipping) {
        if (!input.shippingAddress) {
          throw new ApiError('VALIDATION_FAILED', CART_ERRORS.CART_INVALID_INFORMATION, {
            errors: { shippingAddress: 'Required' },
          });
        }
        if (!view.selectedShippingOption) {
          throw new ApiError('VALIDATION_FAILED', CART_ERRORS.CART_INVALID_INFORMATION, {
            errors: { shippingOptionId: 'Select a shipping option.' },
          });
        }
      }
      // Decrement stock per variant (lines with different form answers may share a variant).
      const wanted = new Map<string, number>();
      for (const entry of view.entries) {
        if (tracksStock(entry.productType) && !entry.unlimited)
          wanted.set(entry.variantId, (wanted.get(entry.variantId) ?? 0) + entry.quantity);
      }
      for (const [variantId, quantity] of wanted) {
        const updated = await tx
          .update(variants)
          .set({ qtyInStock: sql`${variants.qtyInStock} - ${quantity}` })
          .where(
            and(
              eq(variants.id, variantId),
              eq(variants.unlimited, false),
              gte(variants.qtyInStock, quantity),
            ),
          )
          .returning({ id: variants.id });
        if (updated.length === 0) throw new Rejection('VARIANT_OUT_OF_STOCK');
      }

      // Each applied coupon counts one use, never past its limit (guarded UPDATE; 409 when reached).
      await countCouponUses(tx, site.id, view);
      // Applied gift cards pay first (guarded, in this transaction); the provider charges the rest.
      const gift = await takeGiftCards(tx, site.id, cart.giftCardCodes, view);
      const charge =
        gift.restCents === 0
          ? PAID_BY_GIFT_CARDS
          : await payments.charge({
              amountCents: gift.restCents,
              currency: site.currency,
              token: input.payment.token,
              idempotencyKey: cart.id,
            });
      if (!charge.ok) throw new ApiError('PAYMENT_FAILED', charge.message);

      const accessToken = randomBytes(18).toString('base64url');
      const order = theRow(
        await tx
          .insert(orders)
          .values({
            websiteId: site.id,
            purchasedCartId: cart.id,
            accessToken,
            siteUserId: cart.siteUserId,
            email: input.email,
            testMode: payments.testMode,
            currency: site.currency,
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
            paymentProvider: payments.name,
            paymentReference: charge.reference,
            // A captured charge is paid at once; an authorised one waits for the owner's capture.
            ...(charge.captured ? { status: 'PAID' as const, paidAt: new Date() } : {}),
          })
          .returning(),
        'insert into orders',
      );
      await tx.insert(orderItems).values(
        view.entries.map((e) => ({
          websiteId: site.id,
          orderId: order.id,
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
      );
      await recordGiftCardRedemptions(tx, site.id, order.id, gift);
      // One card per unit bought, each mailed (to its recipient, else the buyer) with the order.
      await issueGiftCards(tx, site, order, view.entries);
      await grantDownloads(tx, site.id, order.id, view.entries);
      await tx
        .update(carts)
        .set({ isPurchased: true, orderId: order.id, updatedAt: new Date() })
        .where(eq(carts.id, cart.id));
      const placed = await serializeOrder(tx, order);
      // Timeline, receipt and owners' notice commit (or roll back) with the order.
      await announcePlacedOrder(tx, site, order, placed);
      return { order: placed, accessToken };
    }),
  );
}
