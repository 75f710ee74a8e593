import { minorToDecimal } from '@store/commerce';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orderItems, orders } from '../../db/schema/index';
import { serializeOrder } from '../order.service';
import { decodeCursor, olderThan, paginate } from '../owner/cursor';

/** Orders per page of the order history. */
export const ACCOUNT_ORDERS_PAGE = 20;

/**
 * Only orders placed while signed in to this account (checkout stores the cart's site user on
 * the order). Guest orders with the same e-mail are NOT matched: an account's e-mail is not
 * verified, so matching by e-mail would let anyone who signs up with a buyer's address read
 * that buyer's orders (lines, shipping address).
 */
const ownedBy = (websiteId: string, siteUserId: string) =>
  and(eq(orders.websiteId, websiteId), eq(orders.siteUserId, siteUserId));

/** The account's orders newest first, keyset paged like the owner's lists. */
export async function listAccountOrders(
  db: Database,
  user: { websiteId: string; id: string },
  cursor: string | undefined,
) {
  const rows = await db
    .select({ o: orders, cursorAt: sql<string>`${orders.createdAt}::text` })
    .from(orders)
    .where(and(ownedBy(user.websiteId, user.id), olderThan(orders, decodeCursor(cursor, 2, 0))))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ACCOUNT_ORDERS_PAGE + 1);
  const { page, hasNextPage, nextPageCursor } = paginate(rows, ACCOUNT_ORDERS_PAGE, (x) => [
    x.cursorAt,
    x.o.id,
  ]);
  const ids = page.map((x) => x.o.id);
  const counts = ids.length
    ? await db
        .select({ orderId: orderItems.orderId, n: sql<number>`sum(${orderItems.quantity})::int` })
        .from(orderItems)
        .where(inArray(orderItems.orderId, ids))
        .groupBy(orderItems.orderId)
    : [];
  const countOf = new Map(counts.map((c) => [c.orderId, Number(c.n)]));
  return {
    orders: page.map(({ o }) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      testMode: o.testMode,
      createdOn: o.createdAt.getTime(),
      grandTotalCents: o.grandTotalCents,
      grandTotal: { value: minorToDecimal(o.grandTotalCents, o.currency), currency: o.currency },
      itemCount: countOf.get(o.id) ?? 0,
    })),
    hasNextPage,
    nextPageCursor,
  };
}

/** One of the account's orders with its lines, totals and tracking; undefined for anyone else's. */
export async function findAccountOrder(
  db: Database,
  user: { websiteId: string; id: string },
  orderId: string,
) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(ownedBy(user.websiteId, user.id), eq(orders.id, orderId)));
  if (!row) return undefined;
  const base = await serializeOrder(db, row);
  // Tracking is shown once the order was sent (also if it was refunded afterwards).
  const shipped = row.fulfilledAt !== null;
  return {
    ...base,
    shippingAddress: row.shippingAddress,
    trackingNumber: shipped ? row.trackingNumber : null,
    trackingCarrier: shipped ? row.trackingCarrier : null,
    paidOn: row.paidAt?.getTime() ?? null,
    fulfilledOn: row.fulfilledAt?.getTime() ?? null,
    canceledOn: row.canceledAt?.getTime() ?? null,
  };
}
