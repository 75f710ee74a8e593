import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderEvents, orders } from '../../db/schema/index';
import { type OrderRow, serializeOrder } from '../order.service';
import { chargedCents } from './owner-order';

/** Who asks for an order: the link's token, and the signed-in account (if any). */
export interface OrderReader {
  token?: string | undefined;
  siteUserId?: string | undefined;
}

function sameToken(given: string, kept: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The order when the reader may see it: the holder of its link's token, or the signed-in
 * customer the order belongs to. Another site's order, a wrong token or nobody: undefined.
 */
export async function readableOrder(
  db: Database,
  websiteId: string,
  orderId: string,
  reader: OrderReader,
): Promise<OrderRow | undefined> {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(orderId)) return undefined;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.websiteId, websiteId), eq(orders.id, orderId)));
  if (!row) return undefined;
  if (reader.token && sameToken(reader.token, row.accessToken)) return row;
  if (reader.siteUserId && row.siteUserId === reader.siteUserId) return row;
  return undefined;
}

/**
 * An order placed but not paid yet: the payment was authorised for later capture (or is to
 * be paid another way). The buyer's link shows "order received" (page type 207) until then.
 */
export function awaitsPayment(row: Pick<OrderRow, 'status'>): boolean {
  return row.status === 'PENDING';
}

/**
 * The buyer's view of an order (order status page, 211): the lines, totals, downloads and
 * gift cards of the confirmation, plus where it stands: paid, fulfilled with its tracking,
 * and each refund made (amount and date, from the order's timeline).
 */
export async function buyerOrderView(db: Database, row: OrderRow) {
  const base = await serializeOrder(db, row);
  const events = await db
    .select({ kind: orderEvents.kind, detail: orderEvents.detail, createdAt: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, row.id), inArray(orderEvents.kind, ['refunded', 'canceled'])))
    .orderBy(asc(orderEvents.seq));
  const refunds = events.flatMap((e) => {
    const amount = Number(e.kind === 'refunded' ? e.detail.amountCents : e.detail.refundedCents);
    return Number.isInteger(amount) && amount > 0
      ? [{ amountCents: amount, createdOn: e.createdAt.getTime() }]
      : [];
  });
  return {
    ...base,
    chargedCents: chargedCents(row),
    refundedCents: row.refundedCents,
    trackingNumber: row.trackingNumber,
    trackingCarrier: row.trackingCarrier,
    paidAt: row.paidAt?.getTime() ?? null,
    fulfilledAt: row.fulfilledAt?.getTime() ?? null,
    canceledAt: row.canceledAt?.getTime() ?? null,
    refunds,
  };
}

export type BuyerOrder = Awaited<ReturnType<typeof buyerOrderView>>;
