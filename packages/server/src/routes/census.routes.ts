import { buttonBody, formRenderBody, hitBody, hitData, overlayBody, quickViewBody } from '@store/api';
import { at, zodRoutes } from './api-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { PageType, RecordType } from '../pages/page-types';
import type { TrackingEventRecord } from '../queue/tracking-queue';
import { eventRecord } from '../services/tracking/accept';
import {
  accept,
  pagePathOf,
  parseInput,
  parseJsonField,
  parseTextPlainAsJson,
  siteIdOf,
} from './tracking-input';
import { trackingLimits } from '../services/tracking/limits';
import { identifier } from '../services/tracking/shapes';
import { type VisitorRecord, parseVisitorRecord } from '../services/tracking/visitor-record';

function visitorOf(value: unknown): VisitorRecord {
  const record = parseVisitorRecord(value);
  if (!record) throw new ApiError('INVALID_VISITOR_RECORD');
  return record;
}

function objectBody(request: FastifyRequest): unknown {
  return request.body ?? {};
}

/** Census event names and the analytics event-type codes (spec §3) they may be sent as. */
const HIT_EVENTS: Record<string, string> = {
  View: 'page_view',
  '1': 'page_view',
  Search: 'site_search',
  '2': 'site_search',
  Heartbeat: 'heartbeat',
  '10': 'heartbeat',
  Audio: 'audio',
  '20': 'audio',
  Video: 'video',
  '21': 'video',
};

/**
 * A product page's view hit is also its commerce_item_viewed event: derived here so the
 * page does not send (or load the code for) a second beacon. Same visit, item and time.
 */
function productViewOf(hit: TrackingEventRecord, visitorRecord: string): TrackingEventRecord | null {
  const data = hit.data as { sessionId?: unknown; recordType?: unknown };
  const product = hit.pageType === PageType.contentItem && data.recordType === RecordType.storeItem;
  if (hit.name !== 'page_view' || !product || !hit.itemId) return null;
  const { table: _table, id: _id, receivedAt, ...fields } = hit;
  return eventRecord(
    {
      ...fields,
      kind: 'derived',
      name: 'commerce_item_viewed',
      data: {
        website_id: hit.websiteId,
        product: { item_id: hit.itemId },
        page_type: PageType.contentItem,
        ...(typeof data.sessionId === 'string' ? { end_user_session_id: data.sessionId } : {}),
        ss_cvr: visitorRecord,
        derived_from: 'page_view',
      },
    },
    receivedAt,
  );
}

/**
 * Census beacons (spec §7). They come from sendBeacon or a 2.5 s XHR without the crumb
 * header, so the crumb check is off; each call is validated, queued, and answered 202.
 */
export async function censusRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  parseTextPlainAsJson(app);
  const beacon = { config: { crumb: false }, bodyLimit: trackingLimits.bodyBytes };

  // Spec §7: RecordHit is the one form-encoded census beacon.
  api.post(
    ...at('POST /api/census/RecordHit', { ...beacon, config: { crumb: false, formBody: true } }),
    async (request, reply) => {
      const body = parseInput(hitBody, request.body, 'body');
      const name = HIT_EVENTS[body.event];
      if (!name)
        throw new ApiError(
          'VALIDATION_FAILED',
          'event must be a census event (View, Search, Heartbeat, Audio, Video).',
        );
      const data = parseInput(hitData, parseJsonField(body.data, 'data'), 'data');
      const visitor = visitorOf(body.ss_cvr);
      const websiteId = siteIdOf(request, data.websiteId);
      const hit = eventRecord({
        websiteId,
        kind: 'census',
        name,
        visitorId: visitor.id,
        visitNumber: visitor.visitCount,
        pagePath: pagePathOf(data.url),
        pageType: data.pageType ?? null,
        itemId: data.itemId ?? null,
        occurredAt: data.clientDate,
        data,
      });
      const viewed = productViewOf(hit, body.ss_cvr);
      return accept(request, reply, viewed ? [hit, viewed] : [hit]);
    },
  );

  const simple = [
    { path: '/api/census/button-click', name: 'button_click', schema: buttonBody },
    { path: '/api/census/button-render', name: 'button_render', schema: buttonBody },
    { path: '/api/census/form-render', name: 'form_render', schema: formRenderBody },
    { path: '/api/census/overlay', name: 'overlay', schema: overlayBody },
  ] as const;
  for (const route of simple) {
    api.post(...at(`POST ${route.path}`, beacon), async (request, reply) => {
      const data = parseInput(route.schema as typeof buttonBody, objectBody(request), 'body');
      const visitor = visitorOf(data.visitorCookie);
      const event = 'event' in data && typeof data.event === 'string' ? `overlay_${data.event}` : route.name;
      return accept(request, reply, [
        eventRecord({
          websiteId: siteIdOf(request, data.websiteId),
          kind: 'census',
          name: event,
          visitorId: visitor.id,
          visitNumber: visitor.visitCount,
          pagePath: pagePathOf(data.url),
          pageType: data.pageType ?? null,
          itemId: data.itemId ?? null,
          occurredAt: data.clientDate ?? null,
          data,
        }),
      ]);
    });
  }

  api.post(...at('POST /api/census/RecordQuickView/:id', { ...beacon }), async (request, reply) => {
    const id = parseInput(identifier, request.params.id, 'id');
    const data = parseInput(quickViewBody, request.body, 'body') ?? {};
    const visitor = data.visitorCookie === undefined ? null : visitorOf(data.visitorCookie);
    return accept(request, reply, [
      eventRecord({
        websiteId: siteIdOf(request),
        kind: 'census',
        name: 'quick_view',
        visitorId: visitor?.id ?? null,
        visitNumber: visitor?.visitCount ?? null,
        pagePath: data.url ? pagePathOf(data.url) : null,
        pageType: null,
        itemId: id,
        occurredAt: null,
        data,
      }),
    ]);
  });
}
