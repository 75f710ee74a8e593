import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../services/observability/metrics';
import { outboxBacklog } from '../services/observability/outbox-backlog';
import { startTracing, type Tracing } from '../services/observability/tracing';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's Prometheus registry; parts that keep counts register a source in it. */
    metrics: Metrics;
  }
  interface FastifyRequest {
    traceSpan?: Span;
  }
}

export const REQUEST_ID_HEADER = 'x-request-id';
const FORWARDED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: a fresh id per request, or the one a trusted proxy sent in
 * X-Request-Id (so one request can be followed through both logs). An id from anyone else is
 * ignored: with no trusted proxy, a client could otherwise plant ids in the logs.
 */
export function requestIdGenerator(trustForwarded: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const sent = trustForwarded ? req.headers[REQUEST_ID_HEADER] : undefined;
    return typeof sent === 'string' && FORWARDED_ID.test(sent) ? sent : randomUUID();
  };
}

/** The route pattern a request matched, never the address itself (which may carry personal data). */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * Request ids on every answer (the same id is on each log line of the request), request
 * rate and latency per route for `/metrics`, and a trace span per request when an OTLP
 * endpoint is configured.
 */
export const observability = fp(
  async (app: FastifyInstance, options: { tracesEndpoint?: string | undefined }) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    const { database } = app;
    metrics.sources.outbox = () => outboxBacklog(database.db);
    const pool = database.pool;
    if (pool)
      metrics.sources.pool = () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      });

    let tracing: Tracing | undefined;
    if (options.tracesEndpoint) {
      tracing = startTracing({ endpoint: options.tracesEndpoint });
      app.addHook('onClose', async () => tracing?.shutdown());
    }

    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      if (tracing)
        request.traceSpan = tracing.startRequest(request.method, routeOf(request), request.headers);
    });
    app.addHook('onResponse', async (request, reply) => {
      const status = reply.statusCode;
      metrics.observeRequest(request.method, routeOf(request), status, reply.elapsedTime / 1000);
      if (tracing && request.traceSpan) tracing.endRequest(request.traceSpan, status);
    });
  },
  { name: 'observability' },
);
