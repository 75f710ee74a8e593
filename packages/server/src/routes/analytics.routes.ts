import { at, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { analyticsSummary } from '../services/analytics.service';
import { dayRange, usableTimeZone } from '../services/analytics/date-range';

/**
 * Owner-only numbers for the studio: GET /api/analytics/summary?from=YYYY-MM-DD&to=YYYY-MM-DD
 * (inclusive calendar days in the site's time zone; default the last 30 days ending today).
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  api.get(...at('GET /api/analytics/summary', { preValidation: requireOwner }), async (request, reply) => {
    const range = valueOrFail(dayRange(request.query, usableTimeZone(request.site.timeZone)));
    const summary = await analyticsSummary(request.server.database.db, request.site.id, range);
    return reply.header('cache-control', 'private, no-store').send(summary);
  });
}
