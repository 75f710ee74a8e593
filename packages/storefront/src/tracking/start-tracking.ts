import { type CensusCall, type CensusPage, censusCall, recordHit } from './census';
import {
  type AddToCartArgs,
  type CommerceContext,
  addToCartContent,
  checkoutConfirmedContent,
  productViewContent,
} from './commerce-events';
import { TRACKING_COOKIES } from './constants';
import { CookieJar } from './cookie-jar';
import { type TrackerEnv, browserEnv } from './env';
import { type ErrorReporter, createErrorReporter } from './error-reporter';
import { type EventTracker, type SourceEnvironment, createEventTracker } from './event-tracker';
import {
  type PerformanceSource,
  browserPerformanceSource,
  createPerformanceCollector,
} from './performance-collector';
import { analyticsId, sessionInfo } from './session-state';
import { shouldSkipAnalytics } from './skip-rules';
import { beacon, postJson } from './transport';
import { touchVisit } from './visitor-record';

/** The page context the runtime passes (its PageData, or the server's page context). */
export interface TrackingPageContext {
  pageType: number;
  itemId?: string | null;
  collectionId?: string | null;
  collectionName?: string | null;
  websiteId?: string;
  website?: { id?: string; language?: string };
  currency?: string;
  item?: { recordType?: number };
  /** Role codes of a signed-in contributor account (spec §6 skip rule). */
  accountRoles?: number[] | null;
  disableAnalytics?: boolean;
  /** 'restrictive': the five tracking cookies are cleared and not written. */
  cookiePolicy?: 'restrictive' | 'default';
  sourceEnvironment?: SourceEnvironment;
  pagePermissionType?: number;
  /** Order-confirmed page: the order just placed (sends commerce_checkout_confirmed). */
  orderId?: string | null;
  /** Product page data by item id (sends commerce_item_viewed on a product page). */
  products?: Record<
    string,
    { id: string; title?: string; productType?: number; collectionId?: string | null }
  >;
  [key: string]: unknown;
}

export interface TrackingOptions {
  env?: TrackerEnv;
  performanceSource?: PerformanceSource;
  performanceDelayMs?: number;
}

export interface TrackingHandle {
  skipped: boolean;
  visitorRecord: string;
  sessionId: string;
  isFirstLanding: boolean;
  isFirstSession: boolean;
  events: EventTracker;
  errors: ErrorReporter;
  census(call: CensusCall, fields?: Record<string, unknown>): Promise<void>;
  addToCart(args: AddToCartArgs): Promise<void>;
  productView(args: AddToCartArgs): Promise<void>;
}

function loggedIn(jar: CookieJar): boolean {
  const info = jar.get('SiteUserInfo');
  return info ? /"authenticated"\s*:\s*true/.test(info) : false;
}

/**
 * Start the trackers for one page: visit cookies, the page-view hit, the event tracker,
 * the error reporter and the performance collector. Never throws into the page: every
 * send failure ends in the console.
 */
export function createTracking(ctx: TrackingPageContext, options: TrackingOptions = {}): TrackingHandle {
  const env = options.env ?? browserEnv();
  const restrictive = ctx.cookiePolicy === 'restrictive';
  const jar = new CookieJar(env, restrictive);
  if (restrictive) for (const name of TRACKING_COOKIES) jar.remove(name);
  const websiteId = String(ctx.websiteId ?? ctx.website?.id ?? '');
  const pageType = Number(ctx.pageType) || 0;
  const logError = (error: unknown) => env.console.error(error instanceof Error ? error.message : error);

  const errors = createErrorReporter(env, {
    send: (reports) =>
      postJson(env, '/api/events/RecordJavascriptErrors', reports, {
        headers: { 'X-CSRF-Token': jar.get('crumb') ?? '' },
      }),
  });

  const visit = touchVisit(jar, env.now(), env.randomId);
  const session = sessionInfo(env, jar);
  const events = createEventTracker(env, {
    websiteId,
    analyticsId: analyticsId(env, jar),
    sessionId: session.sessionId,
    sourceEnvironment: ctx.sourceEnvironment,
    websiteLocale: ctx.website?.language,
  });
  const skipped = shouldSkipAnalytics({
    pageType,
    path: env.location.pathname,
    accountRoles: ctx.accountRoles,
    disabled: ctx.disableAnalytics === true || !websiteId,
  });
  const page: CensusPage = {
    websiteId,
    pageType,
    itemId: ctx.itemId,
    collectionId: ctx.collectionId,
    recordType: ctx.item?.recordType,
    websiteLocale: ctx.website?.language,
    pagePermissionType: ctx.pagePermissionType,
  };
  const commerce = (): CommerceContext => ({
    websiteId,
    visitorRecord: visit.record,
    sessionId: session.sessionId,
    loggedIn: loggedIn(jar),
    pageType,
  });

  if (!skipped) {
    recordHit(env, page, visit.record, {
      sessionId: session.sessionId,
      isFirstLanding: session.isFirstLanding,
      isFirstSession: session.isFirstSession,
    }).catch(logError);
    createPerformanceCollector(env, {
      source: options.performanceSource ?? browserPerformanceSource(),
      // sendBeacon (text/plain) so the report survives the page being hidden or closed.
      send: (evts) => beacon(env, '/api/1/performance/records', JSON.stringify(evts), 'text/plain'),
      pageType,
      delayMs: options.performanceDelayMs,
    });
  }

  const guard = (p: () => Promise<void>): Promise<void> => {
    if (skipped) return Promise.resolve();
    try {
      return p().catch(logError);
    } catch (error) {
      logError(error);
      return Promise.resolve();
    }
  };

  // Commerce events the page itself implies (spec §7): product viewed, checkout confirmed.
  const viewed = ctx.itemId ? ctx.products?.[ctx.itemId] : undefined;
  if (viewed && pageType === 50) {
    void guard(() =>
      events.track('commerce_item_viewed', productViewContent({ product: viewed, page: ctx }, commerce())),
    );
  }
  if (pageType === 202 && ctx.orderId) {
    const orderId = ctx.orderId;
    void guard(() =>
      events.track(
        'commerce_checkout_confirmed',
        checkoutConfirmedContent(orderId, ctx.currency, commerce()),
      ),
    );
  }

  return {
    skipped,
    visitorRecord: visit.record,
    sessionId: session.sessionId,
    isFirstLanding: session.isFirstLanding,
    isFirstSession: session.isFirstSession,
    events,
    errors,
    census: (call, fields) => guard(() => censusCall(env, call, page, visit.record, fields)),
    addToCart: (args) => guard(() => events.track('add_to_cart', addToCartContent(args, commerce()))),
    productView: (args) =>
      guard(() => events.track('commerce_item_viewed', productViewContent(args, commerce()))),
  };
}
