import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../cart/cart-store';
import { orderEvents, orders } from '../../db/schema/index';
import { type OrderRow, serializeOrder } from '../order.service';
import { queueOrderWebhook } from '../webhooks/webhook-events';

/** What the provider charged: the grand total less what gift cards paid. */
export const chargedCents = (order: Pick<OrderRow, 'grandTotalCents' | 'giftCardCents'>) =>
  order.grandTotalCents - order.giftCardCents;

/** Append one entry to the order's timeline (in the caller's transaction), and its webhook event. */
export async function appendOrderEvent(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'websiteId'>,
  kind: string,
  detail: Record<string, unknown> = {},
): Promise<void> {
  // clock_timestamp, not now(): entries of one transaction keep their order on the timeline.
  await tx.insert(orderEvents).values({
    websiteId: order.websiteId,
    orderId: order.id,
    kind,
    detail,
    createdAt: sql`clock_timestamp()`,
  });
  // placed, paid, fulfilled, refunded: the webhook event commits with the entry (docs/webhooks.md).
  await queueOrderWebhook(tx, order, kind);
}

/** The order as the owner sees it: the buyer's view plus money state, tracking and the timeline. */
export async function serializeOwnerOrder(db: Db, order: OrderRow) {
  const base = await serializeOrder(db, order);
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, order.id))
    .orderBy(asc(orderEvents.seq));
  return {
    ...base,
    giftCardCents: order.giftCardCents,
    chargedCents: chargedCents(order),
    refundedCents: order.refundedCents,
    couponCode: order.couponCode,
    trackingNumber: order.trackingNumber,
    trackingCarrier: order.trackingCarrier,
    paidAt: order.paidAt?.getTime() ?? null,
    fulfilledAt: order.fulfilledAt?.getTime() ?? null,
    canceledAt: order.canceledAt?.getTime() ?? null,
    events: events.map((e) => ({ kind: e.kind, detail: e.detail, createdOn: e.createdAt.getTime() })),
  };
}

export type OwnerOrder = Awaited<ReturnType<typeof serializeOwnerOrder>>;

export async function findOrderRow(
  db: Db,
  websiteId: string,
  orderId: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  return row;
}
