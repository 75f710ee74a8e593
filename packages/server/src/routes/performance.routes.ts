import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors';
import { accept, performanceRecord, siteIdOf } from '../services/tracking/accept';
import { trackingLimits } from '../services/tracking/limits';
import { pagePathOf, parseInput } from '../services/tracking/parse-input';
import { identifier, pageTypeCode, pageUrl, timestampMs } from '../services/tracking/shapes';
import { parseTextPlainAsJson } from '../services/tracking/text-plain-json';

const metric = z.number().finite().min(0).max(86_400_000);

/** The metrics of spec §9 (times in ms from navigation start, sizes in bytes, CLS unitless). */
const metrics = z.strictObject({
  cumulativeLayoutShift: z.number().finite().min(0).max(1_000).optional(),
  decodedBodySize: metric.optional(),
  encodedBodySize: metric.optional(),
  domContentLoadedEventStart: metric.optional(),
  domContentLoadedEventEnd: metric.optional(),
  domainLookup: metric.optional(),
  firstContentfulPaint: metric.optional(),
  firstInputDelay: metric.optional(),
  interactionToNextPaint: metric.optional(),
  largestContentfulPaint: metric.optional(),
  loadEventStart: metric.optional(),
  loadEventEnd: metric.optional(),
  responseStart: metric.optional(),
  tcpConnection: metric.optional(),
  tlsNegotiation: metric.optional(),
});

const performanceEvent = z.object({
  app: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be an app name'),
  event: z.enum(['page-speed', 'image', 'accessibility']),
  pageLoadId: identifier,
  ts: timestampMs,
  data: z.looseObject({
    url: pageUrl,
    pageType: pageTypeCode.optional(),
    metrics: metrics.optional(),
  }),
});

/**
 * Performance beacons (spec §7, §9): a JSON array sent as text/plain by sendBeacon. One
 * record per (page load, event) is kept; a repeat is dropped at insert.
 */
export async function performanceRoutes(app: FastifyInstance): Promise<void> {
  parseTextPlainAsJson(app);

  app.post(
    '/api/1/performance/records',
    { config: { crumb: false }, bodyLimit: trackingLimits.bodyBytes },
    async (request, reply) => {
      const body = request.body;
      if (!Array.isArray(body))
        throw new ApiError('VALIDATION_FAILED', 'body must be a JSON array of events.');
      if (body.length === 0) throw new ApiError('VALIDATION_FAILED', 'body must hold at least one event.');
      if (body.length > trackingLimits.performanceEventsPerRequest) {
        throw new ApiError(
          'TOO_MANY_EVENTS',
          `At most ${trackingLimits.performanceEventsPerRequest} performance events per request.`,
        );
      }
      const events = parseInput(z.array(performanceEvent), body, 'body');
      const websiteId = siteIdOf(request);
      const receivedAt = Date.now();
      return accept(
        request,
        reply,
        events.map((e) => {
          const m = e.data.metrics ?? {};
          return performanceRecord(
            {
              websiteId,
              pageLoadId: e.pageLoadId,
              event: e.event,
              app: e.app,
              pagePath: pagePathOf(e.data.url),
              pageType: e.data.pageType ?? null,
              fcpMs: m.firstContentfulPaint ?? null,
              lcpMs: m.largestContentfulPaint ?? null,
              fidMs: m.firstInputDelay ?? null,
              inpMs: m.interactionToNextPaint ?? null,
              cls: m.cumulativeLayoutShift ?? null,
              occurredAt: e.ts,
              data: e.data,
            },
            receivedAt,
          );
        }),
      );
    },
  );
}
