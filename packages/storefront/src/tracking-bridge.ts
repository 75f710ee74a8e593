import type { PageData } from './page-data';
import { startTracking, trackAddToCart } from './tracking/index';

// The trackers ship in the entry chunk (every page sends a page view); the parts used only
// on some pages (events, error reporter, DOM census) load on first use. A failing tracker
// never breaks the page: startTracking catches a failed start, and every send ends in the
// console (tracking/start-tracking.ts `guard`), so these calls cannot throw.

export function startTrackingSafely(page: PageData): void {
  startTracking(page);
}

export function trackAddToCartSafely(...args: Parameters<typeof trackAddToCart>): void {
  void trackAddToCart(...args);
}
