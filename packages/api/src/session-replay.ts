import { z } from 'zod';
import { SESSION_REPLAY_LIMITS } from './session-replay-rule';

/**
 * Session replay (docs/session-replay.md): the visitor's recording id (spec §7 getId), the
 * recorder's event batches, and the owner's list, player and on/off setting.
 */
const recordingId = z.string().regex(/^sr_[A-Za-z0-9_-]{8,64}$/, 'must be a recording id');
const device = z.enum(['mobile', 'tablet', 'desktop']);

/** One batch of rrweb events from one page of a visit. */
export const replayBatch = z.object({
  recordingId,
  /** The page's own recording (one per page load) and the batch's place in it. */
  pageLoadId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  seq: z.number().int().min(0).max(SESSION_REPLAY_LIMITS.maxSeq),
  url: z.string().min(1).max(2_083),
  device: device.optional(),
  events: z
    .array(
      z
        .object({ type: z.number().int().min(0).max(10), timestamp: z.number().int().positive() })
        .passthrough(),
    )
    .min(1)
    .max(SESSION_REPLAY_LIMITS.eventsPerBatch),
});
export type ReplayBatch = z.infer<typeof replayBatch>;

const sessionSummary = z.object({
  recordingId: z.string(),
  startedAt: z.string(),
  endedAt: z.string(),
  durationMs: z.number().int(),
  pages: z.number().int(),
  /** The page paths in the order they were first seen. */
  paths: z.array(z.string()),
  device: device.nullable(),
  /** Not kept by analytics; null. */
  country: z.string().nullable(),
  events: z.number().int(),
});
export type SessionSummary = z.infer<typeof sessionSummary>;

const settings = z.object({ enabled: z.boolean() });

export const sessionReplayRoutes = {
  'GET /api/commerce/fullstory/getId': {
    summary:
      "The visit's session-recording id (a JSON string), or the automated mock id when this visit is not to be recorded",
    querystring: z.object({
      /** navigator.webdriver as the client saw it: 1 marks an automated browser. */
      webdriver: z.enum(['0', '1']).optional(),
    }),
    response: z.string(),
  },
  'POST /api/session-replay/events': {
    summary: 'One batch of recorded events of the current visit (inputs masked by the recorder)',
    documentsOnly: true,
    body: replayBatch,
    response: z.object({ accepted: z.number().int() }),
    status: 202,
  },
  'GET /api/analytics/sessions': {
    summary: 'Owner: recorded sessions, newest first',
    querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
    response: z.object({ enabled: z.boolean(), sessions: z.array(sessionSummary) }),
  },
  'GET /api/analytics/sessions/:recordingId/events': {
    summary: "Owner: one recorded session's events in order (for the player)",
    params: z.object({ recordingId: z.string().min(1).max(80) }),
    response: z.object({ recordingId: z.string(), events: z.array(z.record(z.string(), z.unknown())) }),
  },
  'GET /api/analytics/session-replay/settings': {
    summary: 'Owner: whether sessions are recorded',
    response: settings,
  },
  'PUT /api/analytics/session-replay/settings': {
    summary: 'Owner: turn session recording on or off',
    body: settings,
    response: settings,
  },
} as const;
