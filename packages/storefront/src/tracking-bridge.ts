import type { PageData } from './page-data';
import { type TrackingPageContext, startTracking, trackAddToCart } from './tracking/index';

// The trackers ship in the entry chunk (every page sends a page view); the parts used only
// on some pages (events, error reporter, DOM census) load on first use. A failing tracker
// never breaks the page: both calls are guarded.

export function startTrackingSafely(page: PageData): void {
  try {
    startTracking(page as unknown as TrackingPageContext);
  } catch (error) {
    console.warn('tracking failed to start', error);
  }
}

export function trackAddToCartSafely(...args: Parameters<typeof trackAddToCart>): void {
  try {
    void trackAddToCart(...args);
  } catch (error) {
    console.warn('add-to-cart tracking failed', error);
  }
}
