import { schemaOf, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { analyticsSummary } from '../services/analytics.service';

const DAY = 86_400_000;
/** A year and a day: enough for year-over-year charts, bounded so one call cannot scan forever. */
const MAX_DAYS = 366;

function parseDay(value: string, field: string): number {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) {
    throw new ApiError('VALIDATION_FAILED', `${field} is not a calendar date.`);
  }
  return ms;
}

/**
 * Owner-only numbers for the studio: GET /api/analytics/summary?from=YYYY-MM-DD&to=YYYY-MM-DD
 * (inclusive UTC days; default the last 30 days ending today).
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  api.get(
    '/api/analytics/summary',
    { schema: schemaOf('GET /api/analytics/summary'), preValidation: requireOwner },
    async (request, reply) => {
      const q = request.query;
      const today = Math.floor(Date.now() / DAY) * DAY;
      const to = q.to ? parseDay(q.to, 'to') : today;
      const from = q.from ? parseDay(q.from, 'from') : to - 29 * DAY;
      if (from > to) throw new ApiError('VALIDATION_FAILED', 'from must not be after to.');
      if ((to - from) / DAY + 1 > MAX_DAYS) {
        throw new ApiError('VALIDATION_FAILED', `The range may span at most ${MAX_DAYS} days.`);
      }
      const summary = await analyticsSummary(request.server.database.db, request.site.id, {
        from: new Date(from),
        to: new Date(to + DAY),
      });
      return reply.header('cache-control', 'private, no-store').send(summary);
    },
  );
}
