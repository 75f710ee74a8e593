import type { Database } from '../db/client';
import { awaitsPayment, readableOrder } from '../services/orders/buyer-order';
import { digitalProductPreview, digitalProducts } from '../services/orders/digital-preview';
import { reviewPage } from '../services/orders/review-requests';
import type { SiteRecord } from '../services/site.service';
import type { PageContext } from './page-context';
import { PageType } from './page-types';

/**
 * The buyer's order pages after checkout and the owner's digital product preview: order
 * received (207) and order status (211) at the order's signed link, the reviews request (209)
 * at the link of its mail, the preview (210) for the studio's people. Each is one visitor's
 * own (never cached, see `isOrderPagePath`) and is "not found" for anyone else.
 */

const ORDER = /^\/commerce\/orders\/([A-Za-z0-9-]{1,64})$/;
const REVIEWS = /^\/commerce\/reviews\/([^/]{1,200})$/;
const PREVIEW = '/commerce/digital-preview';

/** Paths whose answer depends on who asks (a token, a session): never looked up in or kept by the page cache. */
export function isOrderPagePath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return ORDER.test(clean) || REVIEWS.test(clean) || clean === PREVIEW;
}

/** Fill the context of an order page; false when the visitor may not see it (→ not found). */
export async function orderPageContext(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  path: string,
  options: {
    query?: Record<string, string>;
    siteUserId?: string | undefined;
    mayPreviewDigital?: () => Promise<boolean>;
  },
): Promise<boolean> {
  const order = ORDER.exec(path);
  if (order?.[1]) {
    const row = await readableOrder(db, site.id, order[1], {
      token: options.query?.token,
      siteUserId: options.siteUserId,
    });
    if (!row) return false;
    // Not paid yet (authorised for later capture): "order received"; once paid, its status.
    context.pageType = awaitsPayment(row) ? PageType.orderReceived : PageType.orderStatus;
    context.orderId = row.id;
    context.orderNumber = row.orderNumber;
    return true;
  }
  const reviews = REVIEWS.exec(path);
  if (reviews?.[1]) {
    const token = safeDecode(reviews[1]);
    const page = token === null ? undefined : await reviewPage(db, site.id, token);
    if (!page || token === null) return false;
    context.pageType = PageType.reviewsRequest;
    context.reviewRequest = { token, orderNumber: page.orderNumber, items: page.items };
    return true;
  }
  if (path === PREVIEW) {
    if (!(await options.mayPreviewDigital?.())) return false;
    const choices = await digitalProducts(db, site.id);
    const wanted = options.query?.productId ?? choices[0]?.itemId;
    const preview = wanted ? await digitalProductPreview(db, site, wanted) : undefined;
    context.pageType = PageType.digitalProductPreview;
    context.digitalPreview = {
      products: choices.map((c) => ({ ...c, selected: c.itemId === preview?.product.itemId })),
      preview: preview
        ? {
            ...preview,
            download: preview.download
              ? { ...preview.download, validUntil: preview.download.expiresAt.slice(0, 10) }
              : null,
          }
        : null,
    };
    return true;
  }
  return false;
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
