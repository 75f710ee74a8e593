import type { CensusCall } from './census';
import type { AddToCartArgs } from './commerce-events';
import { CENSUS_BUTTONS, CENSUS_FORMS } from './constants';
import { startSessionReplay } from './session-replay';
import {
  type TrackingHandle,
  type TrackingOptions,
  type TrackingPageContext,
  createTracking,
} from './start-tracking';

export type { AddToCartArgs } from './commerce-events';
export type { TrackerEnv } from './env';
export type { TrackingHandle, TrackingOptions, TrackingPageContext } from './start-tracking';
export { createTracking } from './start-tracking';
export { shouldSkipAnalytics } from './skip-rules';

let active: TrackingHandle | null = null;

/**
 * Start tracking this page (called once by the storefront runtime with its page data).
 * Also reports uncaught errors and unhandled rejections to the error reporter. Returns the
 * handle; a second call returns the first handle.
 */
export function startTracking(
  pageContext: TrackingPageContext,
  options: TrackingOptions = {},
): TrackingHandle | null {
  if (active) return active;
  try {
    active = createTracking(pageContext, options);
  } catch (error) {
    console.error('tracking failed to start', error);
    return null;
  }
  if (!options.env && typeof window !== 'undefined') {
    const handle = active;
    window.addEventListener('error', (e) =>
      handle.errors.report(e.error ?? e.message, { url: e.filename, line: e.lineno, column: e.colno }),
    );
    window.addEventListener('unhandledrejection', (e) => handle.errors.report(e.reason));
    // The DOM census loads only on pages that show a form or a button.
    if (!handle.skipped && document.querySelector(`${CENSUS_FORMS}, ${CENSUS_BUTTONS}`)) {
      import('./dom-census')
        .then((m) => m.wireDomCensus(document, handle.census))
        .catch((error: unknown) => handle.errors.report(error));
    }
    // Session recording: its own rules and chunk (tracking/session-replay.ts).
    if (!handle.skipped && pageContext.cookiePolicy !== 'restrictive')
      startSessionReplay({ visitorRecord: handle.visitorRecord, console });
  }
  return active;
}

/** Stop using the current page's handle (tests; a soft navigation starting a new page). */
export function resetTracking(): void {
  active = null;
}

/** Add-to-cart event (spec §3); a no-op before startTracking or when analytics is skipped. */
export function trackAddToCart(args: AddToCartArgs): Promise<void> {
  return active ? active.addToCart(args) : Promise.resolve();
}

/** Product page view (commerce_item_viewed). */
export function trackProductView(args: AddToCartArgs): Promise<void> {
  return active ? active.productView(args) : Promise.resolve();
}

/** Button / form / overlay census calls (2.5 s timeout). */
export function trackCensus(call: CensusCall, fields?: Record<string, unknown>): Promise<void> {
  return active ? active.census(call, fields) : Promise.resolve();
}

/** Any registered newer-tracker event; failures go to the console only. */
export function trackEvent(schemaName: string, content: Record<string, unknown>): Promise<void> {
  if (!active || active.skipped) return Promise.resolve();
  return active.events.track(schemaName, content).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
  });
}

/** Report an error to the error reporter (reviews, instalment, view-tracking failures). */
export function reportError(error: unknown): void {
  active?.errors.report(error);
}
