import { randomBytes } from 'node:crypto';
import type { WebhookEvent } from '@store/api';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { orders, webhookDeliveries, webhookEndpoints } from '../../db/schema/index';

type Db = Database | Tx;

/** A new event id: receivers de-duplicate on it (`Juniper-Event-Id`). */
export const newEventId = () => `evt_${randomBytes(16).toString('hex')}`;

/**
 * Queue `type` for every enabled endpoint of the site subscribed to it, in the caller's
 * transaction: the deliveries commit with the change (or roll back with it) and the webhook
 * worker sends them afterwards, so a crash between the change and the send loses nothing.
 * `data` is only built when some endpoint listens. Answers the event id (null: nobody listens).
 */
export async function queueWebhookEvent(
  db: Db,
  websiteId: string,
  type: WebhookEvent,
  data: () => Promise<Record<string, unknown> | null> | Record<string, unknown> | null,
): Promise<string | null> {
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.websiteId, websiteId),
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`,
      ),
    );
  if (endpoints.length === 0) return null;
  const object = await data();
  if (!object) return null;
  const eventId = newEventId();
  const body = JSON.stringify({
    id: eventId,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  await db
    .insert(webhookDeliveries)
    .values(
      endpoints.map((endpoint) => ({ websiteId, endpointId: endpoint.id, eventId, eventType: type, body })),
    )
    .onConflictDoNothing();
  return eventId;
}

/** The order timeline's entries that are webhook events. */
const ORDER_EVENTS: Record<string, WebhookEvent> = {
  placed: 'order.created',
  paid: 'order.paid',
  fulfilled: 'order.fulfilled',
  refunded: 'order.refunded',
};

/** An order as webhook payloads carry it: no access token, no payment secrets. */
async function orderObject(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) return null;
  return {
    object: 'order',
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status,
    email: row.email,
    testMode: row.testMode,
    currency: row.currency,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    shippingCents: row.shippingCents,
    discountCents: row.discountCents,
    grandTotalCents: row.grandTotalCents,
    giftCardCents: row.giftCardCents,
    refundedCents: row.refundedCents,
    couponCode: row.couponCode,
    shippingAddress: row.shippingAddress,
    shippingOptionName: row.shippingOptionName,
    trackingNumber: row.trackingNumber,
    trackingCarrier: row.trackingCarrier,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    fulfilledAt: row.fulfilledAt?.toISOString() ?? null,
  };
}

/** Called with each order timeline entry (in its transaction): queue the matching event, if any. */
export async function queueOrderWebhook(
  db: Db,
  order: { id: string; websiteId: string },
  kind: string,
): Promise<void> {
  const type = ORDER_EVENTS[kind];
  if (!type) return;
  await queueWebhookEvent(db, order.websiteId, type, () => orderObject(db, order.id));
}
