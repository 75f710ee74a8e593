import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { orders, subscriptions } from '../../db/schema';
import { priceTextOf } from './manage';

/** What the subscription-confirmed page (206) shows of one subscription the order started. */
export interface ConfirmedSubscription {
  productName: string;
  quantity: number;
  /** "× 2" when more than one, else empty. */
  quantityNote: string;
  /** "$12.00 every month" (@store/commerce's wording). */
  priceText: string;
  /** The first renewal (or, after a trial, the first charge), in the site's time zone; null when none. */
  firstRenewalAt: number | null;
  firstRenewalText: string | null;
  /** A trial: nothing was charged yet, the first charge is `firstRenewalAt`. */
  trial: boolean;
}

/**
 * The subscriptions a paid order started, for whoever may read that order: the link's token
 * (the confirmation URL carries it) or the signed-in account that placed it. Null when the
 * order is not theirs or started none: the page stays "order confirmed" (202).
 */
export async function subscriptionsStartedBy(
  db: Database,
  site: { id: string; timeZone: string },
  orderId: string,
  reader: { token?: string; siteUserId?: string },
): Promise<{ orderNumber: number; subscriptions: ConfirmedSubscription[] } | null> {
  if (!reader.token && !reader.siteUserId) return null;
  const [order] = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber })
    .from(orders)
    .where(
      and(
        eq(orders.websiteId, site.id),
        eq(orders.id, orderId),
        or(
          reader.token ? eq(orders.accessToken, reader.token) : undefined,
          reader.siteUserId ? eq(orders.siteUserId, reader.siteUserId) : undefined,
        ),
      ),
    );
  if (!order) return null;
  const rows = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.websiteId, site.id), eq(subscriptions.firstOrderId, order.id)))
    .orderBy(asc(subscriptions.createdAt), asc(subscriptions.id));
  if (rows.length === 0) return null;
  const day = (at: Date) => {
    try {
      return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: site.timeZone }).format(at);
    } catch {
      return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
    }
  };
  return {
    orderNumber: order.orderNumber,
    subscriptions: rows.map((row) => ({
      productName: row.productName,
      quantity: row.quantity,
      quantityNote: row.quantity > 1 ? `× ${row.quantity}` : '',
      priceText: priceTextOf(row),
      firstRenewalAt: row.nextBillingAt?.getTime() ?? null,
      firstRenewalText: row.nextBillingAt ? day(row.nextBillingAt) : null,
      trial: row.cyclesDone === 0,
    })),
  };
}
