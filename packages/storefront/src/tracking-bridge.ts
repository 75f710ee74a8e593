import type { PageData } from './page-data';
import { reportError, startTracking, trackAddToCart, trackEvent } from './tracking/index';

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

/**
 * For lazy chunks (reviews): they import the trackers through this bridge, as the shop chunk
 * does. Importing tracking/index directly from a second lazy chunk made Rolldown split the
 * entry's own modules (API client, transport, constants) into four extra small files.
 */
export function reportErrorSafely(error: unknown): void {
  reportError(error);
}

/** A registered event (a lesson's video plays, quartiles, end), for lazy chunks; never throws. */
export function trackEventSafely(schemaName: string, content: Record<string, unknown>): void {
  void trackEvent(schemaName, content);
}
