import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';

type LinkSite = Pick<SiteRecord, 'baseUrl' | 'hosts' | 'identifier'>;

/** The buyer's order status page (spec page type 211), readable with the order's token. */
export function orderStatusUrl(site: LinkSite, order: { id: string; accessToken: string }): string {
  return `${siteBaseUrl(site)}/commerce/orders/${encodeURIComponent(order.id)}?token=${encodeURIComponent(order.accessToken)}`;
}

/** The order in the owner's studio. */
export function studioOrderUrl(site: LinkSite, orderId: string): string {
  return `${siteBaseUrl(site)}/config/commerce/orders/${encodeURIComponent(orderId)}`;
}
