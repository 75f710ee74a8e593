import { PERFORMANCE_REPORT_DELAY_MS, VITALS_LOAD_DELAY_MS } from './constants';
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

/** The Web Vitals the report carries, by their web.dev names. */
export type VitalName = 'FCP' | 'LCP' | 'CLS' | 'FID' | 'INP';

/**
 * Where values come from: the `web-vitals` library in the browser (CLS session windows and
 * INP exactly as web.dev defines them), a fake in tests. `vitals` reports each metric's
 * latest value, as often as it changes.
 */
export interface PerformanceSource {
  vitals(onValue: (name: VitalName, value: number) => void): void;
  navigation(): Record<string, number> | null;
}

const METRIC_OF: Record<VitalName, keyof PageSpeedMetrics> = {
  FCP: 'firstContentfulPaint',
  LCP: 'largestContentfulPaint',
  CLS: 'cumulativeLayoutShift',
  FID: 'firstInputDelay',
  INP: 'interactionToNextPaint',
};

export interface PerformanceEvent {
  app: string;
  event: 'page-speed';
  pageLoadId: string;
  ts: number;
  data: { url: string; pageType: number; metrics: PageSpeedMetrics };
}

const COPIED = [
  'decodedBodySize',
  'encodedBodySize',
  'domContentLoadedEventStart',
  'domContentLoadedEventEnd',
  'loadEventStart',
  'loadEventEnd',
  'responseStart',
] as const;

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Collects FCP, LCP, CLS, FID and INP (from the source) plus navigation timings and sends one page-speed
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

  options.source.vitals((name, value) => {
    if (Number.isFinite(value) && value >= 0) metrics[METRIC_OF[name]] = round(value);
  });

  /** end − start of two timing marks; undefined (and so left out) when either is missing. */
  const span = (start?: number, end?: number) =>
    start === undefined || end === undefined ? undefined : end - start;

  function navigationTimings(): PageSpeedMetrics {
    const n = options.source.navigation();
    if (!n) return {};
    const out: PageSpeedMetrics = {
      domainLookup: span(n.domainLookupStart, n.domainLookupEnd),
      tcpConnection: span(n.connectStart, n.connectEnd),
      tlsNegotiation: (n.secureConnectionStart ?? 0) > 0 ? span(n.secureConnectionStart, n.connectEnd) : 0,
    };
    // Timings sent as the browser reports them (each name once: this ships on every page).
    for (const name of COPIED) out[name] = n[name];
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

function observe(type: string, onEntries: (entries: PerformanceEntry[]) => void): void {
  try {
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true });
  } catch {
    // This browser does not report that entry type: the metric is simply absent.
  }
}

/**
 * The browser's source. FCP, LCP and FID are single entries read with a few lines of our own;
 * CLS (session windows) and INP come from the `web-vitals` library, exactly as web.dev defines
 * them. It is imported a few seconds after load (VITALS_LOAD_DELAY_MS), a chunk of its own
 * that is never part of the product page's first download; its observers read the buffered
 * entries, so nothing earlier is lost. A visitor who leaves sooner sends no CLS/INP.
 */
export function browserPerformanceSource(): PerformanceSource {
  return {
    vitals(onValue) {
      observe('paint', (entries) => {
        const fcp = entries.find((e) => e.name === 'first-contentful-paint');
        if (fcp) onValue('FCP', fcp.startTime);
      });
      observe('largest-contentful-paint', (entries) => {
        const last = entries[entries.length - 1];
        if (last) onValue('LCP', last.startTime);
      });
      observe('first-input', (entries) => {
        const first = entries[0] as PerformanceEventTiming | undefined;
        if (first) onValue('FID', Math.max(0, first.processingStart - first.startTime));
      });
      const start = () =>
        void import('web-vitals')
          .then(({ onCLS, onINP }) => {
            onCLS((m) => onValue('CLS', m.value), { reportAllChanges: true });
            onINP((m) => onValue('INP', m.value), { reportAllChanges: true });
          })
          .catch(() => {
            // The chunk failed to load (offline, blocked): the report goes without CLS/INP.
          });
      const later = () => setTimeout(start, VITALS_LOAD_DELAY_MS);
      if (document.readyState === 'complete') later();
      else addEventListener('load', later, { once: true });
    },
    navigation() {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return nav ? (nav.toJSON() as Record<string, number>) : null;
    },
  };
}
