import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Figures read at scrape time from parts that keep their own counts. */
export interface MetricSources {
  /** The page cache of this process: hits and misses since start, entries held. */
  pageCache?: () => { hits: number; misses: number; entries: number; bytes: number };
  /** Beacons accepted by this process but not yet written to the database. */
  trackingQueue?: () => number | undefined;
  /** Mail waiting to be sent, by status (one small indexed count per scrape). */
  outbox?: () => Promise<{ pending: number; failed: number }>;
  /** PostgreSQL connection pool (absent on PGlite, which has one connection). */
  pool?: () => { total: number; idle: number; waiting: number };
}

export interface Metrics {
  registry: Registry;
  sources: MetricSources;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/**
 * One registry per application (tests build many in one process; a shared default
 * registry would refuse the second registration). Latency buckets run from 1 ms to 10 s:
 * cached pages answer in well under a millisecond, checkouts in tens of milliseconds.
 */
export function createMetrics(): Metrics {
  const registry = new Registry();
  const sources: MetricSources = {};
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to response, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });

  new Counter({
    name: 'page_cache_lookups_total',
    help: 'Page cache lookups of this process, by result (hit or miss).',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      const stats = sources.pageCache?.();
      if (!stats) return;
      this.reset();
      this.inc({ result: 'hit' }, stats.hits);
      this.inc({ result: 'miss' }, stats.misses);
    },
  });
  new Gauge({
    name: 'page_cache_entries',
    help: 'Rendered pages held in this process’s page cache.',
    registers: [registry],
    collect() {
      const stats = sources.pageCache?.();
      if (stats) this.set(stats.entries);
    },
  });
  new Gauge({
    name: 'tracking_queue_depth',
    help: 'Beacons accepted by this process and not yet written to the database.',
    registers: [registry],
    collect() {
      const depth = sources.trackingQueue?.();
      if (depth !== undefined) this.set(depth);
    },
  });
  new Gauge({
    name: 'outbox_backlog',
    help: 'Mail in the outbox, by status (pending: waiting to be sent; failed: given up).',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      const counts = await sources.outbox?.();
      if (!counts) return;
      this.set({ status: 'pending' }, counts.pending);
      this.set({ status: 'failed' }, counts.failed);
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections of this process, by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });

  return {
    registry,
    sources,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}
