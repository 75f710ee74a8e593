import { ANALYTICS_COOKIE, ANALYTICS_MAX_AGE_S, SESSION_COOKIE } from './constants';
import type { CookieJar } from './cookie-jar';
import type { TrackerEnv } from './env';

const ANALYTICS_KEY = 'sf-analytics-id';
const ANALYTICS_EXPIRY_KEY = 'sf-analytics-id-expires';
const FIRST_SESSION_KEY = 'sf-first-session-seen';
const LANDED_KEY = 'sf-has-landed';

export interface SessionInfo {
  sessionId: string;
  /** True on the first page of a browser session. False when storage is unavailable. */
  isFirstLanding: boolean;
  /** True during the first session ever in this browser. False when storage is unavailable. */
  isFirstSession: boolean;
}

/**
 * The analytics id (spec §4, §9): stored with an expiration date 390 days out; once that
 * date passes the stored values are removed and a new id is made. Mirrored in a cookie
 * so the server sees it too.
 */
export function analyticsId(env: TrackerEnv, jar: CookieJar): string {
  const store = env.localStorage;
  const now = env.now();
  try {
    if (store) {
      const id = store.getItem(ANALYTICS_KEY);
      const expires = Number(store.getItem(ANALYTICS_EXPIRY_KEY));
      if (id && Number.isFinite(expires) && expires > now) return id;
      store.removeItem(ANALYTICS_KEY);
      store.removeItem(ANALYTICS_EXPIRY_KEY);
    }
  } catch {
    env.console.warn('Unable to store analyticsId');
  }
  const fromCookie = jar.get(ANALYTICS_COOKIE);
  const id = fromCookie && !store ? fromCookie : env.randomId();
  try {
    store?.setItem(ANALYTICS_KEY, id);
    store?.setItem(ANALYTICS_EXPIRY_KEY, String(now + ANALYTICS_MAX_AGE_S * 1000));
  } catch {
    env.console.warn('Unable to store analyticsId');
  }
  jar.set(ANALYTICS_COOKIE, id, ANALYTICS_MAX_AGE_S);
  return id;
}

/**
 * Session id in a (session) cookie, created if missing; first-landing and first-session
 * flags in session/local storage. Without storage both flags are false (spec §4).
 */
export function sessionInfo(env: TrackerEnv, jar: CookieJar): SessionInfo {
  let sessionId = jar.get(SESSION_COOKIE);
  if (!sessionId || !/^[A-Za-z0-9_-]{1,64}$/.test(sessionId)) {
    sessionId = env.randomId().replace(/[^A-Za-z0-9_-]/g, '');
    // A session cookie: Max-Age is set to 30 min and refreshed on every page.
  }
  jar.set(SESSION_COOKIE, sessionId, 30 * 60);
  const local = env.localStorage;
  const session = env.sessionStorage;
  if (!local || !session) {
    env.console.warn('Unable access local/session storage');
    return { sessionId, isFirstLanding: false, isFirstSession: false };
  }
  try {
    const isFirstLanding = session.getItem(LANDED_KEY) === null;
    if (isFirstLanding) session.setItem(LANDED_KEY, '1');
    const seen = local.getItem(FIRST_SESSION_KEY);
    // The first session is the one that set the flag: it stays "first" until it ends.
    const isFirstSession = seen === null || seen === sessionId;
    if (seen === null) local.setItem(FIRST_SESSION_KEY, sessionId);
    return { sessionId, isFirstLanding, isFirstSession };
  } catch {
    env.console.warn('Unable access local/session storage');
    return { sessionId, isFirstLanding: false, isFirstSession: false };
  }
}
