import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { OrderStatus } from '../../db/schema/commerce';
import { orderItems, orders } from '../../db/schema/index';
import { decodeCursor, olderThan, paginate } from '../owner/cursor';

const PAGE = 50;

/** `%`, `_` and `\` typed by the owner are literal characters, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Order number (with or without "#"), part of the buyer's e-mail, or a line's SKU. */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const number = /^#?(\d{1,15})$/.exec(text)?.[1];
  const pattern = `%${likeText(text)}%`;
  return or(
    number !== undefined ? eq(orders.orderNumber, Number(number)) : undefined,
    ilike(orders.email, pattern),
    sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${orders.id} and ${orderItems.sku} ilike ${pattern})`,
  );
}

/** The owner's orders list: newest first, keyset paged (a page never repeats or skips orders). */
export async function listOrders(
  db: Database,
  websiteId: string,
  query: { cursor?: string; q?: string; status?: OrderStatus },
) {
  const rows = await db
    .select({
      o: orders,
      cursorAt: sql<string>`${orders.createdAt}::text`,
      itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.websiteId, websiteId),
        query.status ? eq(orders.status, query.status) : undefined,
        searchCondition(query.q),
        olderThan(orders, decodeCursor(query.cursor, 2, 0)),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(PAGE + 1);
  const { page, hasNextPage, nextPageCursor } = paginate(rows, PAGE, (r) => [r.cursorAt, r.o.id]);
  return {
    orders: page.map(({ o, itemCount }) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      createdOn: o.createdAt.getTime(),
      email: o.email,
      status: o.status,
      testMode: o.testMode,
      currency: o.currency,
      grandTotalCents: o.grandTotalCents,
      refundedCents: o.refundedCents,
      itemCount: Number(itemCount),
    })),
    hasNextPage,
    nextPageCursor,
  };
}

export const ORDER_PAGE_SIZE = PAGE;
