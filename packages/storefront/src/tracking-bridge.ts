import type { PageData } from './page-data';

// The trackers are written separately (src/tracking); load them lazily when they exist so a
// missing or failing tracker never breaks the page.
const modules = import.meta.glob('./tracking/index.ts');

type TrackingModule = {
  startTracking?: (pageContext: unknown) => unknown;
  trackAddToCart?: (...args: unknown[]) => unknown;
};

function load(): Promise<TrackingModule | null> {
  const loader = modules['./tracking/index.ts'];
  return loader ? (loader() as Promise<TrackingModule>).catch(() => null) : Promise.resolve(null);
}

export function startTrackingSafely(page: PageData): void {
  void load().then((m) => {
    try {
      m?.startTracking?.(page);
    } catch (error) {
      console.warn('tracking failed to start', error);
    }
  });
}

export function trackAddToCartSafely(...args: unknown[]): void {
  void load().then((m) => {
    try {
      m?.trackAddToCart?.(...args);
    } catch (error) {
      console.warn('add-to-cart tracking failed', error);
    }
  });
}
