import type { StorageLike, TrackerEnv } from '../env';

export class MemoryStorage implements StorageLike {
  readonly map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
}

export interface SentRequest {
  url: string;
  body: string;
  via: 'beacon' | 'fetch';
  headers?: Record<string, string>;
}

/** A cookie jar honouring Max-Age=0 deletions, the way document.cookie does. */
export function fakeCookies(initial: Record<string, string> = {}) {
  const jar = new Map(Object.entries(initial));
  const writes: string[] = [];
  return {
    jar,
    writes,
    get: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    set: (c: string) => {
      writes.push(c);
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (/Max-Age=0(;|$)/.test(c)) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1));
    },
  };
}

/** A controllable TrackerEnv: manual clock and timers, recorded network, fake storage. */
export function fakeEnv(
  overrides: Partial<TrackerEnv> & { cookies?: Record<string, string>; status?: number } = {},
) {
  const sent: SentRequest[] = [];
  const timers: { at: number; fn: () => void; id: number }[] = [];
  const warnings: string[] = [];
  const errors: unknown[] = [];
  const hidden: (() => void)[] = [];
  const loads: (() => void)[] = [];
  let clock = 1_700_000_000_000;
  let ids = 0;
  let status = overrides.status ?? 202;
  const cookies = fakeCookies(overrides.cookies);
  const env: TrackerEnv = {
    cookie: cookies,
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    fetch: (async (url: string, init: RequestInit) => {
      sent.push({
        url,
        body: String(init.body),
        via: 'fetch',
        headers: init.headers as Record<string, string>,
      });
      return { ok: status >= 200 && status < 300, status } as Response;
    }) as typeof fetch,
    sendBeacon: (url, data) => {
      sent.push({ url, body: String(data), via: 'beacon' });
      return true;
    },
    now: () => clock,
    randomId: () => `id-${++ids}`,
    location: {
      href: 'https://shop.test/shop/p/tee?color=navy',
      host: 'shop.test',
      pathname: '/shop/p/tee',
      search: '?color=navy',
      protocol: 'https:',
    },
    document: { title: 'Tee', referrer: 'https://search.test/', language: 'fr-FR' },
    viewport: () => ({ width: 1280, height: 720, screenWidth: 1920, screenHeight: 1080 }),
    navigator: { userAgent: 'FakeAgent/1.0', language: 'fr-FR' },
    console: {
      warn: (m: string) => void warnings.push(String(m)),
      error: (e: unknown) => void errors.push(e),
    },
    setTimeout: (fn, ms) => {
      const id = timers.length + 1;
      timers.push({ at: clock + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    onHidden: (fn) => void hidden.push(fn),
    onLoad: (fn) => void loads.push(fn),
    ...overrides,
  };
  return {
    env,
    sent,
    warnings,
    errors,
    cookies,
    setStatus: (s: number) => {
      status = s;
    },
    /** Move the clock, running due timers in order. */
    advance(ms: number) {
      const until = clock + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        clock = next.at;
        next.fn();
      }
      clock = until;
    },
    hide: () => {
      for (const fn of hidden) fn();
    },
    load: () => {
      for (const fn of loads) fn();
    },
    get pendingTimers() {
      return timers.length;
    },
  };
}
