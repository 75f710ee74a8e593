/** The slice of Storage the trackers use (tests pass a Map-backed fake). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Everything the trackers touch in the browser, injected so the logic runs under Vitest
 * with small fakes (no jsdom). `browserEnv()` builds the real one.
 */
export interface TrackerEnv {
  /** document.cookie: reading gives all cookies, writing sets one. */
  cookie: { get(): string; set(cookie: string): void };
  /** null when storage is unavailable (private mode, blocked, throws on access). */
  localStorage: StorageLike | null;
  sessionStorage: StorageLike | null;
  fetch: typeof fetch;
  /** navigator.sendBeacon, when the browser has it. */
  sendBeacon?: (url: string, data: string | Blob | URLSearchParams) => boolean;
  now(): number;
  randomId(): string;
  location: { href: string; host: string; pathname: string; search: string; protocol: string };
  document: { title: string; referrer: string; language: string };
  /** Window and screen size now (they change as the visitor resizes). */
  viewport(): { width: number; height: number; screenWidth: number; screenHeight: number };
  navigator: { userAgent: string; language: string };
  console: Pick<Console, 'warn' | 'error'>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** Call `fn` when the page becomes hidden (visibilitychange / pagehide). */
  onHidden(fn: () => void): void;
  /** Call `fn` once the load event has fired (now, if it already has). */
  onLoad(fn: () => void): void;
}

function storage(get: () => Storage): StorageLike | null {
  try {
    const s = get();
    const probe = '__sf_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** The real browser environment. */
export function browserEnv(): TrackerEnv {
  const nav = navigator as Navigator & { sendBeacon?: Navigator['sendBeacon'] };
  return {
    cookie: {
      get: () => document.cookie,
      set: (c) => {
        // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Safari/Firefox
        document.cookie = c;
      },
    },
    localStorage: storage(() => window.localStorage),
    sessionStorage: storage(() => window.sessionStorage),
    fetch: (...args) => fetch(...args),
    sendBeacon: typeof nav.sendBeacon === 'function' ? (url, data) => nav.sendBeacon(url, data) : undefined,
    now: () => Date.now(),
    randomId,
    location: window.location,
    document: {
      get title() {
        return document.title;
      },
      get referrer() {
        return document.referrer;
      },
      get language() {
        return document.documentElement.lang;
      },
    },
    viewport: () => ({
      width: window.innerWidth,
      height: window.innerHeight,
      screenWidth: window.screen?.width ?? 0,
      screenHeight: window.screen?.height ?? 0,
    }),
    navigator: { userAgent: navigator.userAgent, language: navigator.language },
    console,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    onHidden(fn) {
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') fn();
      });
      window.addEventListener('pagehide', fn);
    },
    onLoad(fn) {
      if (document.readyState === 'complete') fn();
      else window.addEventListener('load', fn, { once: true });
    },
  };
}
