import { errorReport, recordEventBody } from '@store/api';
import { at, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors';
import { eventRecord } from '../services/tracking/accept';
import { accept, pagePathOf, parseInput, parseJsonField, siteIdOf } from './tracking-input';
import { trackingLimits } from '../services/tracking/limits';
import { parseVisitorRecord } from '../services/tracking/visitor-record';

/**
 * The older event endpoints (spec §7). Both are crumb-protected by the global hook:
 * RecordEvent carries the crumb as a form field, RecordJavascriptErrors in X-CSRF-Token.
 */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  const opts = { bodyLimit: trackingLimits.bodyBytes };

  // Spec §7: RecordEvent is form-encoded (its crumb travels as a form field).
  api.post(
    ...at('POST /api/events/RecordEvent', { ...opts, config: { formBody: true } }),
    async (request, reply) => {
      const body = parseInput(recordEventBody, request.body, 'body');
      const data = parseJsonField(body.data, 'data');
      const visitor = parseVisitorRecord(request.cookies.ss_cvr);
      const url = typeof data.url === 'string' ? data.url : undefined;
      return accept(request, reply, [
        eventRecord({
          websiteId: siteIdOf(request),
          kind: 'event',
          name: body.event,
          visitorId: visitor?.id ?? null,
          visitNumber: visitor?.visitCount ?? null,
          pagePath: url ? pagePathOf(url) : null,
          pageType: null,
          itemId: null,
          occurredAt: null,
          data,
        }),
      ]);
    },
  );

  api.post(...at('POST /api/events/RecordJavascriptErrors', { ...opts }), async (request, reply) => {
    if (!Array.isArray(request.body))
      throw new ApiError('VALIDATION_FAILED', 'body must be a JSON array of error reports.');
    if (request.body.length === 0)
      throw new ApiError('VALIDATION_FAILED', 'body must hold at least one error report.');
    if (request.body.length > trackingLimits.javascriptErrorsPerRequest) {
      throw new ApiError(
        'TOO_MANY_EVENTS',
        `At most ${trackingLimits.javascriptErrorsPerRequest} error reports per request.`,
      );
    }
    const reports = parseInput(z.array(errorReport), request.body, 'body');
    const websiteId = siteIdOf(request);
    const visitor = parseVisitorRecord(request.cookies.ss_cvr);
    const receivedAt = Date.now();
    return accept(
      request,
      reply,
      reports.map((r) =>
        eventRecord(
          {
            websiteId,
            kind: 'js_error',
            name: r.event,
            visitorId: visitor?.id ?? null,
            visitNumber: visitor?.visitCount ?? null,
            pagePath: r.data.url ? safePath(r.data.url) : null,
            pageType: null,
            itemId: null,
            occurredAt: r.timestamp,
            data: r.data,
          },
          receivedAt,
        ),
      ),
    );
  });
}

/** Error reports come from broken pages: a bad url must not lose the report. */
function safePath(url: string): string | null {
  try {
    return pagePathOf(url);
  } catch {
    return null;
  }
}
