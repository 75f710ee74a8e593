import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { AB_SCRIPT_PATH, AB_SPLIT_SCRIPT } from '../pages/ab-test-page';
import { requireOwner } from '../plugins/owner-auth';
import type { AbGoal } from '../services/ab-tests/ab-visitors';
import { valueOrFail } from '../reasons';
import {
  createTest,
  deleteTest,
  getTest,
  listTests,
  pickWinner,
  startTest,
  stopTest,
  updateTest,
} from '../services/ab-tests/ab-tests.service';
import { recordConversion, recordExposures, testResults } from '../services/ab-tests/ab-visitors';
import { parseVisitorRecord } from '../services/tracking/visitor-record';
import { AB_MIN_VISITORS } from '@store/api';
import { at, zodRoutes } from './api-schema';
import { parseTextPlainAsJson, siteIdOf } from './tracking-input';

/** The studio's A/B tests (docs/ab-tests.md): set up, start, stop, pick a winner, the readout. */
export async function abTestStudioRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/ab-tests'), async (request) => ({
    tests: await listTests(db, request.site.id, request.query.pageId),
  }));

  api.post(...at('POST /api/studio/ab-tests'), async (request, reply) =>
    reply.code(201).send(valueOrFail(await createTest(db, request.site.id, request.body))),
  );

  api.put(...at('PUT /api/studio/ab-tests/:id'), async (request) =>
    valueOrFail(
      await updateTest(db, request.site.id, request.params.id, request.body, request.site.embedOrigins),
    ),
  );

  api.post(...at('POST /api/studio/ab-tests/:id/start'), async (request) =>
    valueOrFail(await startTest(db, request.site.id, request.params.id)),
  );

  api.post(...at('POST /api/studio/ab-tests/:id/stop'), async (request) =>
    valueOrFail(await stopTest(db, request.site.id, request.params.id)),
  );

  api.post(...at('POST /api/studio/ab-tests/:id/winner'), async (request) =>
    valueOrFail(await pickWinner(db, request.site.id, request.params.id, request.body.letter)),
  );

  api.delete(...at('DELETE /api/studio/ab-tests/:id'), async (request) =>
    valueOrFail(await deleteTest(db, request.site.id, request.params.id)),
  );

  api.get(...at('GET /api/studio/ab-tests/:id/results'), async (request) => {
    const test = valueOrFail(await getTest(db, request.site.id, request.params.id));
    return {
      test,
      minVisitors: AB_MIN_VISITORS,
      variants: await testResults(db, request.site.id, test.id, test.variants),
    };
  });
}

/**
 * What visitors' pages call: the split script (same for every site, cached for a day) and the
 * exposure beacon, crumb-free like the other census beacons (sendBeacon sends text/plain).
 */
export async function abTestPublicRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const api = zodRoutes(app);
  parseTextPlainAsJson(app);

  app.get(AB_SCRIPT_PATH, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(AB_SPLIT_SCRIPT),
  );

  api.post(
    ...at('POST /api/census/ab-exposure', { config: { crumb: false }, bodyLimit: 4096 }),
    async (request, reply) => {
      const body = request.body as { tests?: unknown; visitorCookie?: unknown } | undefined;
      const tests = body?.tests;
      if (!Array.isArray(tests) || tests.length === 0 || tests.length > 10)
        throw new ApiError('VALIDATION_FAILED', 'tests must list 1 to 10 test ids.');
      if (!tests.every((t): t is string => typeof t === 'string' && t.length > 0 && t.length <= 64))
        throw new ApiError('VALIDATION_FAILED', 'tests must list 1 to 10 test ids.');
      const visitor = parseVisitorRecord(request.cookies.ss_cvr ?? body?.visitorCookie);
      if (!visitor) throw new ApiError('INVALID_VISITOR_RECORD');
      const accepted = await recordExposures(db, siteIdOf(request), visitor.id, tests);
      return reply.code(202).header('cache-control', 'no-store').send({ accepted });
    },
  );
}

/** The storefront requests that reach a test goal, by route, when they succeed. */
const GOAL_ROUTES: Record<string, AbGoal> = {
  'POST /api/commerce/shopping-cart/entries': 'add_to_cart',
  'POST /api/commerce/checkout': 'order',
  'POST /api/commerce/checkout/payments/:reservationId/complete': 'order',
  'POST /api/form/SaveFormSubmission': 'form_submit',
};

/**
 * Conversions, counted by the server on the request that reaches the goal (the visitor's
 * ss_cvr cookie says who), after the answer has gone: nothing the visitor waits for.
 */
export const abConversions = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const goal = GOAL_ROUTES[`${request.method} ${request.routeOptions.url}`];
    if (!goal || reply.statusCode >= 300 || !request.site) return;
    const visitor = parseVisitorRecord(request.cookies.ss_cvr);
    if (!visitor) return;
    try {
      await recordConversion(app.database.db, request.site.id, visitor.id, goal);
    } catch (error) {
      request.log.warn({ err: error }, 'A/B test conversion not recorded');
    }
  });
});
