import { SESSION_REPLAY_LIMITS, replayBatch } from '@store/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import type { ReplayRecord } from '../queue/tracking-queue';
import { isAutomatedClient, recordingIdFor } from '../services/session-replay/recording-id';
import {
  listSessions,
  replayEnabled,
  sessionEvents,
  setReplayEnabled,
} from '../services/session-replay/replay-store';
import { parseVisitorRecord } from '../services/tracking/visitor-record';
import { at, zodRoutes } from './api-schema';
import { accept, pagePathOf, parseInput, siteIdOf } from './tracking-input';
import { randomUUID } from 'node:crypto';

/** Batches per client address per minute (a recorder sends one every few seconds). */
const BATCH_LIMIT = { name: 'session-replay', max: 120, windowMs: 60_000 };

/**
 * Session replay (docs/session-replay.md): the visit's recording id (spec §7 getId), the
 * recorder's batches (through the tracking queue, like every beacon), and the owner's list,
 * player data and on/off setting.
 */
export async function sessionReplayRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  const db = app.database.db;
  const recordAutomated = app.config.sessionReplayRecordAutomated === true;
  // The recorder may send its batch as text/plain JSON (sendBeacon when the page hides).
  app.addContentTypeParser(
    'text/plain',
    { parseAs: 'string', bodyLimit: SESSION_REPLAY_LIMITS.bodyBytes },
    (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(new ApiError('INVALID_JSON'), undefined);
      }
    },
  );

  const automated = (request: FastifyRequest, webdriver: boolean) =>
    !recordAutomated && isAutomatedClient(request.headers['user-agent'], webdriver);

  api.get(
    ...at('GET /api/commerce/fullstory/getId', { config: { limit: BATCH_LIMIT } }),
    async (request, reply) => {
      const id = await recordingIdFor(db, {
        websiteId: siteIdOf(request),
        visitor: parseVisitorRecord(request.cookies.ss_cvr),
        automated: automated(request, request.query.webdriver === '1'),
      });
      return reply.header('cache-control', 'private, no-store').send(JSON.stringify(id));
    },
  );

  api.post(
    ...at('POST /api/session-replay/events', {
      bodyLimit: SESSION_REPLAY_LIMITS.bodyBytes,
      config: { crumb: false, limit: BATCH_LIMIT },
    }),
    async (request, reply) => {
      const websiteId = siteIdOf(request);
      const raw = request.body as { events?: unknown } | undefined;
      if (Array.isArray(raw?.events) && raw.events.length > SESSION_REPLAY_LIMITS.eventsPerBatch)
        throw new ApiError(
          'TOO_MANY_EVENTS',
          `At most ${SESSION_REPLAY_LIMITS.eventsPerBatch} events per batch.`,
        );
      const batch = parseInput(replayBatch, request.body, 'body');
      const visitor = parseVisitorRecord(request.cookies.ss_cvr);
      if (!visitor) throw new ApiError('INVALID_VISITOR_RECORD');
      const expected = await recordingIdFor(db, {
        websiteId,
        visitor,
        automated: automated(request, false),
      });
      if (expected !== batch.recordingId)
        throw new ApiError('FORBIDDEN', 'This visit is not being recorded.');
      const times = batch.events.map((e) => e.timestamp);
      const record: ReplayRecord = {
        table: 'replay',
        id: randomUUID(),
        websiteId,
        recordingId: batch.recordingId,
        pageLoadId: batch.pageLoadId,
        seq: batch.seq,
        visitorId: visitor.id,
        visitNumber: visitor.visitCount,
        pagePath: pagePathOf(batch.url),
        device: batch.device ?? null,
        eventCount: batch.events.length,
        firstAt: Math.min(...times),
        lastAt: Math.max(...times),
        receivedAt: Date.now(),
        events: batch.events,
      };
      return accept(request, reply, [record]);
    },
  );

  const owner = { preValidation: requireOwner };
  api.get(...at('GET /api/analytics/sessions', owner), async (request, reply) => {
    const [enabled, sessions] = await Promise.all([
      replayEnabled(db, request.site.id),
      listSessions(db, request.site.id, request.query.limit),
    ]);
    return reply.header('cache-control', 'private, no-store').send({ enabled, sessions });
  });

  api.get(...at('GET /api/analytics/sessions/:recordingId/events', owner), async (request, reply) => {
    const events = await sessionEvents(db, request.site.id, request.params.recordingId);
    if (!events) throw new ApiError('NOT_FOUND', 'No such recorded session.');
    return reply
      .header('cache-control', 'private, no-store')
      .send({ recordingId: request.params.recordingId, events });
  });

  api.get(...at('GET /api/analytics/session-replay/settings', owner), async (request) => ({
    enabled: await replayEnabled(db, request.site.id),
  }));

  api.put(...at('PUT /api/analytics/session-replay/settings', owner), async (request) => ({
    enabled: await setReplayEnabled(db, request.site.id, request.body.enabled),
  }));
}
