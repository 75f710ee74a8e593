import { PERFORMANCE_REPORT_DELAY_MS } from './constants';
import type { TrackerEnv } from './env';

/** Metric names sent in a page-speed report (spec §9). */
export interface PageSpeedMetrics {
  cumulativeLayoutShift?: number;
  decodedBodySize?: number;
  encodedBodySize?: number;
  domContentLoadedEventStart?: number;
  domContentLoadedEventEnd?: number;
  domainLookup?: number;
  firstContentfulPaint?: number;
  firstInputDelay?: number;
  interactionToNextPaint?: number;
  largestContentfulPaint?: number;
  loadEventStart?: number;
  loadEventEnd?: number;
  responseStart?: number;
  tcpConnection?: number;
  tlsNegotiation?: number;
}

/** A PerformanceEntry as far as the collector reads it. */
export interface EntryLike {
  entryType: string;
  name?: string;
  startTime: number;
  duration?: number;
  value?: number;
  hadRecentInput?: boolean;
  processingStart?: number;
  interactionId?: number;
}

/** Where entries come from: PerformanceObserver in the browser, a fake in tests. */
export interface PerformanceSource {
  observe(type: string, onEntries: (entries: EntryLike[]) => void): void;
  navigation(): Record<string, number> | null;
}

export interface PerformanceEvent {
  app: string;
  event: 'page-speed';
  pageLoadId: string;
  ts: number;
  data: { url: string; pageType: number; metrics: PageSpeedMetrics };
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Collects FCP, LCP, CLS, FID and INP plus navigation timings and sends one page-speed
 * report per page: `delayMs` after load (60 s by default) or as soon as the page is
 * hidden, whichever comes first — never twice.
 */
export function createPerformanceCollector(
  env: TrackerEnv,
  options: {
    source: PerformanceSource;
    send: (events: PerformanceEvent[]) => Promise<void>;
    pageType: number;
    delayMs?: number;
  },
) {
  const metrics: PageSpeedMetrics = {};
  const pageLoadId = env
    .randomId()
    .replace(/[^A-Za-z0-9_.:-]/g, '')
    .slice(0, 64);
  let sent = false;
  let cls = 0;

  const { source } = options;
  source.observe('paint', (entries) => {
    for (const e of entries)
      if (e.name === 'first-contentful-paint') metrics.firstContentfulPaint = round(e.startTime);
  });
  source.observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (last) metrics.largestContentfulPaint = round(last.startTime);
  });
  source.observe('layout-shift', (entries) => {
    for (const e of entries) if (!e.hadRecentInput && typeof e.value === 'number') cls += e.value;
    metrics.cumulativeLayoutShift = round(cls);
  });
  source.observe('first-input', (entries) => {
    const e = entries[0];
    if (e && metrics.firstInputDelay === undefined && typeof e.processingStart === 'number') {
      metrics.firstInputDelay = round(Math.max(0, e.processingStart - e.startTime));
    }
  });
  source.observe('event', (entries) => {
    for (const e of entries) {
      if (!e.interactionId || typeof e.duration !== 'number') continue;
      metrics.interactionToNextPaint = Math.max(metrics.interactionToNextPaint ?? 0, round(e.duration));
    }
  });

  function navigationTimings(): PageSpeedMetrics {
    const n = source.navigation();
    if (!n) return {};
    const out: PageSpeedMetrics = {
      decodedBodySize: n.decodedBodySize,
      encodedBodySize: n.encodedBodySize,
      domContentLoadedEventStart: n.domContentLoadedEventStart,
      domContentLoadedEventEnd: n.domContentLoadedEventEnd,
      domainLookup: n.domainLookupEnd - n.domainLookupStart,
      loadEventStart: n.loadEventStart,
      loadEventEnd: n.loadEventEnd,
      responseStart: n.responseStart,
      tcpConnection: n.connectEnd - n.connectStart,
      tlsNegotiation: n.secureConnectionStart > 0 ? n.connectEnd - n.secureConnectionStart : 0,
    };
    for (const [k, v] of Object.entries(out)) {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) delete out[k as keyof PageSpeedMetrics];
      else out[k as keyof PageSpeedMetrics] = round(v);
    }
    return out;
  }

  function report(): Promise<void> {
    if (sent) return Promise.resolve();
    sent = true;
    const event: PerformanceEvent = {
      app: 'storefront',
      event: 'page-speed',
      pageLoadId,
      ts: env.now(),
      data: {
        url: env.location.href,
        pageType: options.pageType,
        metrics: { ...navigationTimings(), ...metrics },
      },
    };
    return options.send([event]).catch((error: unknown) => {
      env.console.error(error instanceof Error ? error.message : error);
    });
  }

  env.onLoad(() => {
    env.setTimeout(() => void report(), options.delayMs ?? PERFORMANCE_REPORT_DELAY_MS);
  });
  env.onHidden(() => void report());

  return {
    report,
    metrics,
    pageLoadId,
    get sent() {
      return sent;
    },
  };
}

/** The browser's PerformanceObserver / navigation timing source. */
export function browserPerformanceSource(): PerformanceSource {
  return {
    observe(type, onEntries) {
      try {
        const po = new PerformanceObserver((list) => onEntries(list.getEntries() as unknown as EntryLike[]));
        po.observe({ type, buffered: true } as PerformanceObserverInit);
      } catch {
        // Unsupported entry type in this browser: that metric is simply absent.
      }
    },
    navigation() {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return nav ? (nav.toJSON() as Record<string, number>) : null;
    },
  };
}
