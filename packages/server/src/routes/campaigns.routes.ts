import { intervalFromEnv, startDrainLoop } from '../services/jobs/drain-loop';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import {
  audienceLists,
  type CampaignFailure,
  createCampaign,
  deleteCampaign,
  findCampaign,
  listCampaigns,
  ratePerMinute,
  saveCampaign,
  setRatePerMinute,
  viewOf,
} from '../services/campaigns/campaign-store';
import { sendCampaignBatch } from '../services/campaigns/send';
import { cancelCampaign, scheduleCampaign } from '../services/campaigns/start';
import {
  followClick,
  oneClickUnsubscribe,
  previewCampaign,
  recordOpen,
  sendTest,
} from '../services/campaigns/track';
import { at, zodRoutes } from './api-schema';

export interface CampaignRouteOptions {
  /** How often this process hands campaign mail to the outbox (default every 2 s; 0 never). */
  everyMs?: number;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function fail(outcome: CampaignFailure): never {
  if (outcome.code === 'NOT_FOUND') throw new ApiError('NOT_FOUND', 'This campaign does not exist.');
  if (outcome.code === 'NOT_EDITABLE')
    throw new ApiError('CONFLICT', 'Only a draft or scheduled campaign can be changed.');
  throw new ApiError('UNPROCESSABLE', outcome.message);
}

function unsubscribedPage(reply: FastifyReply, ok: boolean) {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  return reply
    .code(ok ? 200 : 404)
    .type('text/plain; charset=utf-8')
    .send(ok ? 'You have been unsubscribed.' : 'This unsubscribe link is not valid.');
}

const everyMsFromEnv = () => intervalFromEnv('CAMPAIGNS_EVERY_MS', 2_000);

/**
 * E-mail campaigns: the owner's editor (Marketing → Campaigns), the links in the mails (open
 * pixel, tracked clicks, one-click unsubscribe) and the worker that hands recipients to the
 * outbox at the site's rate.
 */
export async function campaignRoutes(app: FastifyInstance, options: CampaignRouteOptions = {}) {
  const db = app.database.db;
  const everyMs = options.everyMs ?? everyMsFromEnv();
  /** Hand "send now" to the worker at once (the worker's loop, once it runs in this process). */
  let kick: () => void = () => {};

  await app.register(async (open) => {
    // Mail programs post `List-Unsubscribe=One-Click` form-encoded (RFC 8058); the body says nothing else.
    if (!open.hasContentTypeParser('application/x-www-form-urlencoded'))
      open.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, body),
      );
    open.get<{ Params: { token: string } }>('/campaign-mail/o/:token', async (request, reply) => {
      const token = request.params.token.replace(/\.gif$/, '');
      await recordOpen(db, request.site.id, token);
      reply.header('cache-control', 'no-store, private').header('referrer-policy', 'no-referrer');
      return reply.type('image/gif').send(GIF);
    });
    open.get<{ Params: { token: string } }>('/campaign-mail/c/:token', async (request, reply) => {
      const target = await followClick(db, request.site.id, request.params.token);
      reply.header('cache-control', 'no-store, private').header('referrer-policy', 'no-referrer');
      if (!target) return reply.code(404).type('text/plain; charset=utf-8').send('This link is not valid.');
      return reply.redirect(target, 302);
    });
    type Unsub = FastifyRequest<{ Params: { id: string }; Querystring: { token?: string } }>;
    // A plain visit (a person, or a mail scanner following links) only shows the unsubscribe page.
    open.get('/campaign-mail/unsubscribe/:id', async (request: Unsub, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return reply.redirect(
        `/newsletter/unsubscribe?token=${encodeURIComponent(String(request.query.token ?? ''))}`,
        303,
      );
    });
    // One-click unsubscribe from the mail program (RFC 8058): the token in the address is the check.
    open.post(
      '/campaign-mail/unsubscribe/:id',
      { config: { crumb: false, formBody: true } },
      async (request: Unsub, reply) => {
        const token = String(request.query.token ?? '');
        const ok =
          token.length > 0 &&
          token.length <= 100 &&
          request.params.id.length <= 64 &&
          (await oneClickUnsubscribe(db, request.site.id, request.params.id, token));
        return unsubscribedPage(reply, ok);
      },
    );
  });

  await app.register(async (owner) => {
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    const site = (request: FastifyRequest) => request.site.id;

    api.get(...at('GET /api/studio/campaigns'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const lists = await audienceLists(db, site(request));
      return {
        campaigns: await listCampaigns(db, site(request)),
        ratePerMinute: await ratePerMinute(db, site(request)),
        timeZone: request.site.timeZone,
        lists,
      };
    });
    api.post(...at('POST /api/studio/campaigns'), async (request, reply) => {
      const made = await createCampaign(db, site(request), request.body);
      if (!made.ok) fail(made);
      return reply.code(201).send(made.value);
    });
    api.get(...at('GET /api/studio/campaigns/:id'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const row = await findCampaign(db, site(request), request.params.id);
      if (!row) fail({ ok: false, code: 'NOT_FOUND' });
      return viewOf(db, row);
    });
    api.put(...at('PUT /api/studio/campaigns/:id'), async (request) => {
      const saved = await saveCampaign(db, site(request), request.params.id, request.body);
      if (!saved.ok) fail(saved);
      return saved.value;
    });
    api.delete(...at('DELETE /api/studio/campaigns/:id'), async (request) => {
      const done = await deleteCampaign(db, site(request), request.params.id);
      if (!done.ok) fail(done);
      return { ok: true as const };
    });
    api.post(...at('POST /api/studio/campaigns/:id/preview'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const preview = await previewCampaign(db, site(request), request.params.id);
      if (!preview) fail({ ok: false, code: 'NOT_FOUND' });
      return { subject: preview.subject, html: preview.html, text: preview.text };
    });
    api.post(...at('POST /api/studio/campaigns/:id/test'), async (request) => {
      const sent = await sendTest(db, site(request), request.params.id, request.body.to);
      if (!sent.ok) fail(sent);
      app.outboxKick?.();
      return { ok: true as const };
    });
    api.post(...at('POST /api/studio/campaigns/:id/schedule'), async (request) => {
      const when = request.body.at ? new Date(request.body.at) : null;
      const done = await scheduleCampaign(db, site(request), request.params.id, when, new Date());
      if (!done.ok) fail(done);
      if (!when) kick();
      return viewOf(db, done.value);
    });
    api.post(...at('POST /api/studio/campaigns/:id/cancel'), async (request) => {
      const done = await cancelCampaign(db, site(request), request.params.id);
      if (!done.ok) fail(done);
      return viewOf(db, done.value);
    });
    api.put(...at('PUT /api/studio/campaigns/settings'), async (request) => ({
      ratePerMinute: await setRatePerMinute(db, site(request), request.body.ratePerMinute),
    }));
  });

  // Every process runs the worker; the claims in the database queue each recipient once.
  if (everyMs <= 0) return;
  kick = startDrainLoop(app, {
    name: 'campaign sending',
    intervalMs: everyMs,
    // Batch after batch until this minute's share of each sending campaign is queued.
    drainBatch: async () => {
      const queued = await sendCampaignBatch(db);
      if (queued > 0) app.outboxKick?.();
      return queued;
    },
  });
}
