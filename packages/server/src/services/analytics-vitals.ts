/** Web Vitals thresholds (spec §9): good at or below the first, poor above the second. */
export const vitalThresholds = {
  fcp: { good: 1800, poor: 3000 },
  lcp: { good: 2500, poor: 4000 },
  fid: { good: 100, poor: 300 },
  cls: { good: 0.1, poor: 0.25 },
  // Not in the spec: web.dev's INP thresholds, so INP (FID's successor) can be charted too.
  inp: { good: 200, poor: 500 },
} as const;

export type Vital = keyof typeof vitalThresholds;
export type VitalRating = 'good' | 'needs-improvement' | 'poor';

export function rateVital(vital: Vital, value: number): VitalRating {
  const t = vitalThresholds[vital];
  if (value <= t.good) return 'good';
  if (value <= t.poor) return 'needs-improvement';
  return 'poor';
}

/** Page-type code (spec §2) → the template name the studio shows. */
const PAGE_TEMPLATES: Record<number, string> = {
  1: 'collection',
  2: 'page',
  3: 'splash-page',
  50: 'content-item',
  100: 'not-found',
  101: 'error',
  102: 'search',
  103: 'lock-screen',
  104: 'popup-overlay',
  105: 'protected-content',
  106: 'member-area-access-denied',
  107: 'paywall',
  200: 'show-cart',
  201: 'checkout',
  202: 'order-confirmed',
  205: 'cart-v2',
  211: 'order-status',
};

export function pageTemplateName(pageType: number | null): string {
  if (pageType === null) return 'unknown';
  return PAGE_TEMPLATES[pageType] ?? `page-type-${pageType}`;
}
