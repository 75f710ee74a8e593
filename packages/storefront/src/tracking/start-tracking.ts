import { signedIn } from '../cookies';
import { type CensusCall, type CensusPage, censusCall, recordHit } from './census';
import type { AddToCartArgs, CommerceContext } from './commerce-events';
import { TRACKING_COOKIES } from './constants';
import { CookieJar } from './cookie-jar';
import { type TrackerEnv, browserEnv } from './env';
import type { ErrorReport } from './error-reporter';
import type { EventTracker, EventTrackerContext, SourceEnvironment } from './event-tracker';
import {
  type PerformanceSource,
  browserPerformanceSource,
  createPerformanceCollector,
} from './performance-collector';
import { analyticsId, sessionInfo } from './session-state';
import { accountRolesOf, shouldSkipAnalytics } from './skip-rules';
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
  item?: { recordType?: number } | null;
  /** Role codes of a signed-in contributor account (spec §6 skip rule). */
  accountRoles?: number[] | null;
  disableAnalytics?: boolean;
  /** 'restrictive': the five tracking cookies are cleared and not written. */
  cookiePolicy?: 'restrictive' | 'default';
  sourceEnvironment?: SourceEnvironment;
  pagePermissionType?: number;
  /** Order-confirmed page: the order just placed (sends commerce_checkout_confirmed). */
  orderId?: string | null;
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
  events: Pick<EventTracker, 'track'>;
  errors: ErrorSink;
  census(call: CensusCall, fields?: Record<string, unknown>): Promise<void>;
  addToCart(args: AddToCartArgs): Promise<void>;
  productView(args: AddToCartArgs): Promise<void>;
}

/** Where errors go: the reporter (spec §4 limits) is loaded on the first error. */
export interface ErrorSink {
  report(error: unknown, extra?: { url?: string; line?: number; column?: number }): void;
}

/** `load` run once, on the first call; later calls share its promise. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load();
    return pending;
  };
}

function lazyErrorReporter(env: TrackerEnv, send: (reports: ErrorReport[]) => Promise<void>): ErrorSink {
  const reporter = once(() => import('./error-reporter').then((m) => m.createErrorReporter(env, { send })));
  return {
    report(error, extra) {
      reporter().then(
        (r) => r.report(error, extra),
        (loadError: unknown) => env.console.error(loadError),
      );
    },
  };
}

type EventsModule = typeof import('./lazy-events');
const loadEvents = once((): Promise<EventsModule> => import('./lazy-events'));

/** The newer tracker, created on its first event (its code loads with the commerce payloads). */
function lazyEventTracker(env: TrackerEnv, context: EventTrackerContext): Pick<EventTracker, 'track'> {
  const tracker = once(() => loadEvents().then((m) => m.createEventTracker(env, context)));
  return { track: (name, content) => tracker().then((t) => t.track(name, content)) };
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

  const errors = lazyErrorReporter(env, (reports) =>
    postJson(env, '/api/events/RecordJavascriptErrors', reports, {
      headers: { 'X-CSRF-Token': jar.get('crumb') ?? '' },
    }),
  );

  const visit = touchVisit(jar, env.now(), env.randomId);
  const session = sessionInfo(env, jar);
  const events = lazyEventTracker(env, {
    websiteId,
    analyticsId: analyticsId(env, jar),
    sessionId: session.sessionId,
    sourceEnvironment: ctx.sourceEnvironment,
    websiteLocale: ctx.website?.language,
  });
  const skipped = shouldSkipAnalytics({
    pageType,
    path: env.location.pathname,
    // Cached pages carry no per-visitor state: the signed-in account's role is in the cookie.
    accountRoles: ctx.accountRoles ?? accountRolesOf(jar.get('SiteUserInfo')),
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
    loggedIn: signedIn(jar.get('SiteUserInfo')),
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

  const send = (name: string, content: (m: EventsModule) => Record<string, unknown>) =>
    guard(async () => events.track(name, content(await loadEvents())));
  // The order-confirmed page implies its commerce event (spec §7). A product page's
  // commerce_item_viewed is derived by the server from the page-view hit.
  const orderId = ctx.orderId;
  if (pageType === 202 && orderId)
    void send('commerce_checkout_confirmed', (m) =>
      m.checkoutConfirmedContent(orderId, ctx.currency, commerce()),
    );

  return {
    skipped,
    visitorRecord: visit.record,
    sessionId: session.sessionId,
    isFirstLanding: session.isFirstLanding,
    isFirstSession: session.isFirstSession,
    events,
    errors,
    census: (call, fields) => guard(() => censusCall(env, call, page, visit.record, fields)),
    addToCart: (args) => send('add_to_cart', (m) => m.addToCartContent(args, commerce())),
    productView: (args) => send('commerce_item_viewed', (m) => m.productViewContent(args, commerce())),
  };
}
