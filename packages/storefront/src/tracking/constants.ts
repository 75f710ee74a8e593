/** Tracking constants (spec §9). */
export const VISITOR_COOKIE = 'ss_cvr';
export const VISIT_COOKIE = 'ss_cvt';
export const ANALYTICS_COOKIE = 'ss_cid';
export const SESSION_COOKIE = 'ss_csid';
export const LAST_PAGE_COOKIE = 'ss_clp';

/** ss_cvr lives 2 years, ss_cvt 30 minutes, the analytics id 390 days. */
export const VISITOR_MAX_AGE_S = 2 * 365 * 24 * 3600;
export const VISIT_MAX_AGE_S = 30 * 60;
export const ANALYTICS_MAX_AGE_S = 390 * 24 * 3600;

/**
 * The five visitor/session cookies cleared under a restrictive cookie policy (spec §9):
 * visitor record, visit timer, analytics id, session id, last page.
 */
export const TRACKING_COOKIES = [
  VISITOR_COOKIE,
  VISIT_COOKIE,
  ANALYTICS_COOKIE,
  SESSION_COOKIE,
  LAST_PAGE_COOKIE,
] as const;

export const CENSUS_TIMEOUT_MS = 2_500;
export const ERROR_REPORTER = {
  maxReports: 20,
  maxQueued: 10,
  stackChars: 5_000,
  debounceMs: 1_000,
} as const;
/** Page-speed report after at most 60 s, or earlier when the page is hidden. */
export const PERFORMANCE_REPORT_DELAY_MS = 60_000;
export const TRACKER_VERSION = '3.8.0';
/** What the DOM census looks at: forms (form-render) and buttons (button-render/-click). */
export const CENSUS_FORMS = '[data-form-id]';
export const CENSUS_BUTTONS = 'a.button-link, .sqs-block-button-element, [data-census-button]';

/**
 * The web-vitals library loads this long after the page's load event: its observers read the
 * buffered entries, so nothing earlier is lost, and the product page's first download (and
 * its JavaScript budget) never includes it.
 */
export const VITALS_LOAD_DELAY_MS = 5_000;
