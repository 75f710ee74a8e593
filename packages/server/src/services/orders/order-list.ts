import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { OrderStatus } from '../../db/schema/commerce';
import { orders } from '../../db/schema/index';
import { decodeCursor, olderThan, paginate } from '../owner/cursor';

const PAGE = 50;

/** `%`, `_` and `\` typed by the owner are literal characters, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Order number (with or without "#"), part of the buyer's e-mail, or a line's SKU. */
function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const number = /^#?(\d{1,15})$/.exec(text)?.[1];
  // A number is an order number (or an exact SKU); anything else matches e-mail or SKU parts.
  if (number !== undefined)
    return or(
      eq(orders.orderNumber, Number(number)),
      sql`exists (select 1 from order_items oi where oi.order_id = "orders"."id" and lower(oi.sku) = lower(${text}))`,
    );
  const pattern = `%${likeText(text)}%`;
  return or(
    ilike(orders.email, pattern),
    // Qualified by hand: drizzle leaves column names bare inside a raw subquery.
    sql`exists (select 1 from order_items oi where oi.order_id = "orders"."id" and oi.sku ilike ${pattern})`,
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
      itemCount: sql<number>`(select coalesce(sum(oi.quantity), 0)::int from order_items oi where oi.order_id = "orders"."id")`,
      donation: sql<boolean>`exists (select 1 from donations d where d.order_id = "orders"."id")`,
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
    orders: page.map(({ o, itemCount, donation }) => ({
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
      donation: donation === true,
    })),
    hasNextPage,
    nextPageCursor,
  };
}

export const ORDER_PAGE_SIZE = PAGE;
