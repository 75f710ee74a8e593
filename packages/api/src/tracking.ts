import { z } from 'zod';
import {
  buttonBody,
  clankerBody,
  errorReport,
  formRenderBody,
  hitBody,
  overlayBody,
  performanceEvent,
  quickViewBody,
  recordEventBody,
} from './tracking-shapes';

/**
 * Beacons (README "Tracking"). Their bodies arrive as JSON, text/plain JSON or form fields;
 * the tracking routes check them with these same schemas (tracking-shapes.ts) but answer with
 * the tracking codes (INVALID_VISITOR_RECORD, TOO_MANY_EVENTS …, an `errors` list), so the
 * contract marks them `documentsOnly`: Fastify does not validate them a second time.
 */
const accepted = z.object({ accepted: z.number().int() });
const beacon = (summary: string, body: z.ZodType) =>
  ({ summary, documentsOnly: true, body, response: accepted, status: 202 }) as const;

export const trackingRoutes = {
  'POST /api/census/RecordHit': beacon(
    'Page-view and other census hits (form fields; `data` is a JSON string of the page fields)',
    hitBody,
  ),
  'POST /api/census/button-click': beacon('A button click', buttonBody),
  'POST /api/census/button-render': beacon('A button shown', buttonBody),
  'POST /api/census/form-render': beacon('A form shown', formRenderBody),
  'POST /api/census/overlay': beacon('An overlay event', overlayBody),
  'POST /api/census/RecordQuickView/:id': {
    ...beacon('A quick view of an item', quickViewBody),
    params: z.object({ id: z.string() }),
  },
  'POST /api/events/RecordEvent': beacon('A named event (form fields crumb, event, data)', recordEventBody),
  'POST /api/events/RecordJavascriptErrors': beacon('1–20 JavaScript error reports', z.array(errorReport)),
  'POST /api/v1/clanker/events': beacon('A schema-checked analytics event', clankerBody),
  'POST /api/v1/clanker/validate-event-content/:schemaName': {
    summary: 'Check event content against a registered schema',
    documentsOnly: true,
    params: z.object({ schemaName: z.string() }),
    body: z.unknown(),
    response: z.object({ valid: z.boolean() }),
  },
  'POST /api/1/performance/records': beacon(
    '1–20 page-speed reports (text/plain JSON)',
    z.array(performanceEvent),
  ),
} as const;
