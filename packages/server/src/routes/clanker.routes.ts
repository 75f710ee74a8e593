import { clankerBody } from '@store/api';
import { at, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { eventRecord } from '../services/tracking/accept';
import {
  accept,
  issuesList,
  pagePathOf,
  parseInput,
  parseJsonField,
  parseTextPlainAsJson,
  siteIdOf,
} from './tracking-input';
import { eventSchemas, isEventSchemaName } from '../services/tracking/event-schemas';
import { trackingLimits } from '../services/tracking/limits';
import { parseVisitorRecord } from '../services/tracking/visitor-record';

/** Validate content against the schema registered for `schemaName`, or throw a 400. */
function validateContent(schemaName: string, content: Record<string, unknown>) {
  if (!isEventSchemaName(schemaName)) throw new ApiError('UNKNOWN_EVENT_SCHEMA');
  const result = eventSchemas[schemaName].safeParse(content);
  if (!result.success)
    throw new ApiError('INVALID_EVENT_CONTENT', undefined, { errors: issuesList(result.error) });
  return result.data;
}

/**
 * The newer tracker's endpoints (spec §7): events arrive by sendBeacon (text/plain) or a
 * JSON XHR, without the crumb header.
 */
export async function clankerRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  parseTextPlainAsJson(app);
  const beacon = { config: { crumb: false }, bodyLimit: trackingLimits.bodyBytes };

  api.post(...at('POST /api/v1/clanker/events', { ...beacon }), async (request, reply) => {
    const body = parseInput(clankerBody, request.body, 'body');
    const content = validateContent(body.eventSchemaName, parseJsonField(body.eventContent, 'eventContent'));
    const claimed = content.context_website_id ?? content.website_id;
    const websiteId = siteIdOf(request, typeof claimed === 'string' ? claimed : undefined);
    const visitor = parseVisitorRecord(content.ss_cvr ?? request.cookies.ss_cvr);
    const path =
      typeof content.page_path === 'string' && content.page_path ? pagePathOf(content.page_path) : null;
    const product = content.product as { item_id?: string } | undefined;
    return accept(request, reply, [
      eventRecord({
        websiteId,
        kind: 'clanker',
        name: body.eventSchemaName,
        visitorId: visitor?.id ?? null,
        visitNumber: visitor?.visitCount ?? null,
        pagePath: path,
        pageType: typeof content.page_type === 'number' ? content.page_type : null,
        itemId: product?.item_id ?? null,
        occurredAt: content.event_occurrence_timestamp as number,
        data: content,
      }),
    ]);
  });

  api.post(
    ...at('POST /api/v1/clanker/validate-event-content/:schemaName', { ...beacon }),
    async (request) => {
      const { schemaName } = request.params;
      if (!isEventSchemaName(schemaName)) throw new ApiError('UNKNOWN_EVENT_SCHEMA');
      const body = request.body as Record<string, unknown> | undefined;
      // Accept the clankerBody's JSON string or the content object itself.
      const raw = body && typeof body === 'object' && 'eventContent' in body ? body.eventContent : body;
      const content = typeof raw === 'string' ? parseJsonField(raw, 'eventContent') : raw;
      if (!content || typeof content !== 'object' || Array.isArray(content)) {
        throw new ApiError('VALIDATION_FAILED', 'eventContent must be a JSON object.');
      }
      validateContent(schemaName, content as Record<string, unknown>);
      return { valid: true, eventSchemaName: schemaName };
    },
  );
}
