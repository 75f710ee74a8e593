import type { Database } from '../db/client';
import { activePopup } from '../services/newsletter.service';
import type { PageContext } from './page-context';
import { PageType } from './page-types';

/** Pages the popup never covers: the shopper is paying, or came to leave the newsletter. */
const NO_POPUP = new Set<number>([
  PageType.checkout,
  PageType.orderConfirmed,
  PageType.newsletterUnsubscribe,
]);

/**
 * The site's popup overlay (page type 104), when switched on: the layout renders it hidden and
 * the storefront shows it after its delay unless local storage says the visitor signed up
 * (`submitted`) or closed this version (`date-closed`, `version`) within `hideDays`.
 */
export async function attachPopupOverlay(db: Database, websiteId: string, context: PageContext) {
  const popup = await activePopup(db, websiteId);
  if (!popup) return;
  context.popupOverlay = {
    pageType: PageType.popupOverlay,
    version: popup.version,
    title: popup.title,
    body: popup.body,
    buttonLabel: popup.buttonLabel,
    imageUrl: popup.imageUrl,
    trigger: popup.trigger,
    delaySeconds: popup.delaySeconds,
    scrollPercent: popup.scrollPercent,
    hideDays: popup.hideDays,
  };
}

/** Whether a page may show the popup (decided after the page type is known). */
export function popupAllowed(context: PageContext): boolean {
  return !NO_POPUP.has(context.pageType);
}
