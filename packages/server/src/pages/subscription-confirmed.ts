import { PageType } from '@store/commerce';
import type { Database } from '../db/client';
import { subscriptionsStartedBy } from '../services/subscriptions/confirmed';
import type { SiteRecord } from '../services/site.service';
import type { PageContext } from './page-context';

/**
 * After checkout (`/checkout/order-confirmed?orderId=…&token=…`): an order that started a
 * subscription is confirmed as page type 206, "subscription confirmed", with what was
 * subscribed, its price wording and the first renewal date; any other order stays 202.
 * Neither is ever cached (routes/pages.routes.ts): they are one buyer's.
 */
export async function orderConfirmedContext(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  query: Record<string, string> | undefined,
): Promise<void> {
  const orderId = query?.orderId ?? null;
  context.orderId = orderId;
  if (!orderId || orderId.length > 64) return;
  const started = await subscriptionsStartedBy(db, site, orderId, { token: query?.token });
  if (!started) return;
  context.pageType = PageType.subscriptionConfirmed;
  context.orderNumber = started.orderNumber;
  context.subscriptionConfirmed = { subscriptions: started.subscriptions };
}
