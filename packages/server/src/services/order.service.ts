import { minorToDecimal } from '@store/commerce';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { giftCards, orderItems, orders } from '../db/schema/index';
import type { Db } from './cart/cart-store';
import { orderDownloadLinks } from './downloads/download-links';

export type OrderRow = typeof orders.$inferSelect;

/** The order as the confirmation/status pages and analytics read it (spec §3 "Order"). */
export async function serializeOrder(db: Db, order: OrderRow) {
  // Sequential: inside the checkout transaction these share one connection.
  const lines = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order.id))
    .orderBy(asc(orderItems.productName));
  const cards = await db.select().from(giftCards).where(eq(giftCards.orderId, order.id));
  const money = (cents: number) => ({
    value: minorToDecimal(cents, order.currency),
    currency: order.currency,
  });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    purchasedCartId: order.purchasedCartId,
    websiteId: order.websiteId,
    testMode: order.testMode,
    status: order.status,
    email: order.email,
    currency: order.currency,
    subtotalCents: order.subtotalCents,
    taxCents: order.taxCents,
    includedTaxCents: order.includedTaxCents,
    shippingCents: order.shippingCents,
    discountCents: order.discountCents,
    grandTotalCents: order.grandTotalCents,
    grandTotal: money(order.grandTotalCents),
    shippingTotal: money(order.shippingCents),
    taxTotal: money(order.taxCents),
    shippingAddress: order.shippingAddress,
    shippingOptionName: order.shippingOptionName,
    createdOn: order.createdAt.getTime(),
    items: lines.map((l) => ({
      itemId: l.itemId,
      sku: l.sku,
      productName: l.productName,
      variantDescription: l.variantDescription,
      productType: l.productType,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      unitPrice: money(l.unitPriceCents),
      additionalFields: l.additionalFields,
    })),
    giftCards: cards.map((c) => ({ code: c.code, amount: money(c.initialCents) })),
    downloads: await orderDownloadLinks(db, order),
  };
}

export type SerializedOrder = Awaited<ReturnType<typeof serializeOrder>>;

/** Read an order with its access token (the buyer's browser holds it), else undefined. */
export async function findOrder(
  db: Database,
  websiteId: string,
  orderId: string,
  accessToken: string,
): Promise<SerializedOrder | undefined> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId), eq(orders.accessToken, accessToken)));
  return order ? serializeOrder(db, order) : undefined;
}
