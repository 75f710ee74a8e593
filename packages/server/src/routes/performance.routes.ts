import { performanceEvent } from '@store/api';
import { at, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors';
import { performanceRecord } from '../services/tracking/accept';
import { accept, pagePathOf, parseInput, parseTextPlainAsJson, siteIdOf } from './tracking-input';
import { trackingLimits } from '../services/tracking/limits';

/**
 * Performance beacons (spec §7, §9): a JSON array sent as text/plain by sendBeacon. One
 * record per (page load, event) is kept; a repeat is dropped at insert.
 */
export async function performanceRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  parseTextPlainAsJson(app);

  api.post(
    ...at('POST /api/1/performance/records', {
      config: { crumb: false },
      bodyLimit: trackingLimits.bodyBytes,
    }),
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
