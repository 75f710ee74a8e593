import {
  defaultTextMapGetter,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type Tracer,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
} from '@opentelemetry/semantic-conventions';

export interface Tracing {
  /** A server span for one request, child of the caller's `traceparent` when it sent one. */
  startRequest(method: string, route: string, headers: Record<string, unknown>): Span;
  endRequest(span: Span, status: number): void;
  /** Send what is buffered and stop. */
  shutdown(): Promise<void>;
}

/**
 * Traces over OTLP/HTTP to `endpoint` (the collector's `/v1/traces` address). The provider is
 * this application's own, not the process-wide global, so two applications in one process
 * (tests) never share spans. Attributes name the route pattern, never the full address: query
 * strings and paths can carry e-mail addresses and tokens.
 */
export function startTracing(options: { endpoint: string; serviceName?: string }): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: options.serviceName ?? 'juniper' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: options.endpoint }))],
  });
  const tracer: Tracer = provider.getTracer('juniper-server');
  const propagator = new W3CTraceContextPropagator();
  return {
    startRequest(method, route, headers) {
      const parent = propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
      return tracer.startSpan(
        `${method} ${route}`,
        {
          kind: SpanKind.SERVER,
          attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_HTTP_ROUTE]: route },
        },
        parent,
      );
    },
    endRequest(span, status) {
      span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
    async shutdown() {
      await provider.shutdown();
    },
  };
}
