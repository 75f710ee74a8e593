import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client';
import { tracesEndpoint } from '../../src/config';
import { createTestSite, type TestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';

const TOKEN = 'metrics-token-for-tests-0123456789';

/**
 * Lines of the Prometheus text format: comments, or `name{labels} value`. Prometheus reads the
 * value as a Go float, so NaN and Inf in any case (prom-client writes an empty gauge as "Nan").
 */
const EXPOSITION_LINE =
  /^(#.*|[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? -?[0-9.e+-]+|[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? (NaN|\+Inf|-Inf))$/i;

describe.each(backends)('request ids and metrics (%s)', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend, { config: { metricsToken: TOKEN } });
  });
  afterAll(async () => {
    await site.app.close();
  });

  it('answers every request with its own request id, API and page alike', async () => {
    const api = await site.request({ method: 'GET', url: '/api/commerce/shopping-cart' });
    const page = await site.request({ method: 'GET', url: '/' });
    const again = await site.request({ method: 'GET', url: '/' });
    for (const res of [api, page, again]) expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set([api, page, again].map((r) => r.headers['x-request-id'])).size).toBe(3);
  });

  it('keeps the id a trusted proxy sent, and refuses one that could garble the logs', async () => {
    const kept = await site.request({ method: 'GET', url: '/', headers: { 'x-request-id': 'edge-abc.123' } });
    expect(kept.headers['x-request-id']).toBe('edge-abc.123');
    const odd = await site.request({ method: 'GET', url: '/', headers: { 'x-request-id': 'a b\nc' } });
    expect(odd.headers['x-request-id']).not.toBe('a b\nc');
  });

  it('refuses the metrics without the token', async () => {
    const none = await site.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    const wrong = await site.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all-0000' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('scrapes in the Prometheus text format with request, page cache, outbox and pool figures', async () => {
    await site.request({ method: 'GET', url: '/' });
    await site.request({ method: 'GET', url: '/' });
    await site.request({ method: 'GET', url: '/api/commerce/shopping-cart' });
    const res = await site.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['content-type']).toContain('version=0.0.4');
    const lines = res.body.split('\n').filter((l) => l.length > 0);
    const bad = lines.filter((l) => !EXPOSITION_LINE.test(l));
    expect(bad).toEqual([]);
    expect(res.body).toMatch(
      /http_requests_total\{method="GET",route="\/api\/commerce\/shopping-cart",status="200"\} [1-9]/,
    );
    expect(res.body).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/commerce\/shopping-cart"\} [1-9]/,
    );
    // The page cache's lookups are counted (hits and misses: another test's change to the
    // shared database may drop this process's cached pages in between).
    const lookups = [...res.body.matchAll(/page_cache_lookups_total\{result="(?:hit|miss)"\} (\d+)/g)];
    expect(lookups).toHaveLength(2);
    expect(lookups.reduce((n, m) => n + Number(m[1]), 0)).toBeGreaterThanOrEqual(2);
    expect(res.body).toMatch(/outbox_backlog\{status="pending"\} \d+/);
    expect(res.body).toMatch(/tracking_queue_depth \d+/);
    if (backend === 'postgres') expect(res.body).toMatch(/db_pool_connections\{state="total"\} [1-9]/);
    // Route patterns, never addresses: no query string or host reaches a label.
    expect(res.body).not.toContain(site.host);
  });
});

describe('metrics address without a token', () => {
  it('does not exist', async () => {
    const site = await createTestSite(backends[0] ?? 'pglite');
    try {
      const res = await site.request({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: 'Bearer x' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_requests_total');
    } finally {
      await site.app.close();
    }
  });
});

describe('request ids from an untrusted client', () => {
  it('are replaced by the server’s own', async () => {
    const site = await createTestSite(backends[0] ?? 'pglite', { config: { trustProxy: false } });
    try {
      const res = await site.request({ method: 'GET', url: '/', headers: { 'x-request-id': 'planted-id' } });
      expect(res.headers['x-request-id']).not.toBe('planted-id');
    } finally {
      await site.app.close();
    }
  });
});

describe('log lines', () => {
  it('carry the request id of the answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const site = await createTestSite(backends[0] ?? 'pglite', {
      appOptions: { logger: { level: 'debug', stream } },
      config: { logLevel: 'debug' },
    });
    try {
      const res = await site.request({ method: 'GET', url: '/api/commerce/shopping-cart' });
      const id = res.headers['x-request-id'];
      const mine = lines.filter((l) => l.reqId === id);
      expect(mine.length).toBeGreaterThanOrEqual(2);
      expect(mine.map((l) => l.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'request completed']),
      );
    } finally {
      await site.app.close();
    }
  });
});

describe('traces', () => {
  const received: unknown[] = [];
  let collector: http.Server;
  let endpoint = '';
  beforeAll(async () => {
    collector = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        if (req.url === '/v1/traces') received.push(JSON.parse(body));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => collector.close(() => r())));

  it('reads the OpenTelemetry endpoint variables', () => {
    expect(tracesEndpoint(undefined, 'http://collector:4318/')).toBe('http://collector:4318/v1/traces');
    expect(tracesEndpoint('http://t/x', 'http://collector:4318')).toBe('http://t/x');
    expect(tracesEndpoint(undefined, undefined)).toBeUndefined();
  });

  it('sends a server span per request to the collector, continuing the caller’s trace', async () => {
    const site = await createTestSite(backends[0] ?? 'pglite', {
      config: { tracesEndpoint: `${endpoint}/v1/traces` },
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart?email=someone@example.com',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    await site.app.close(); // flushes the batch
    const spans = JSON.stringify(received);
    expect(spans).toContain('GET /api/commerce/shopping-cart');
    expect(spans).toContain(traceId);
    expect(spans).not.toContain('someone@example.com');
  });
});

describe('database pool errors', () => {
  // PostgreSQL only: PGlite has one connection and no pool.
  it.skipIf(!inject('postgresUrl'))('reach the handler instead of vanishing', async () => {
    const url = inject('postgresUrl');
    const seen: string[] = [];
    const handle = await openDatabase({
      databaseUrl: url,
      poolSize: 1,
      onPoolError: (e) => seen.push(e.message),
    });
    try {
      handle.pool?.emit('error', new Error('connection terminated unexpectedly'));
      expect(seen).toEqual(['connection terminated unexpectedly']);
    } finally {
      await handle.close();
    }
  });
});
