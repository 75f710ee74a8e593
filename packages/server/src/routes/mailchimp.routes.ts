import { intervalFromEnv, startDrainLoop } from '../services/jobs/drain-loop';
import type { FastifyInstance } from 'fastify';
import { ApiError, type ErrorCode } from '../errors';
import { requireOwner } from '../plugins/owner-auth';
import { createMailchimpClient } from '../services/mailchimp/mailchimp-client';
import {
  type MailchimpContext,
  type MailchimpFailure,
  connectMailchimp,
  disconnectMailchimp,
  linkMailchimpLists,
  mailchimpAudiences,
  readMailchimp,
} from '../services/mailchimp/mailchimp-settings';
import { syncMailchimp } from '../services/mailchimp/mailchimp-sync';
import { secretBoxFor } from '../services/payments/secret-box';
import { at, zodRoutes } from './api-schema';

export interface MailchimpRouteOptions {
  /** How often every process looks for links to sync; 0: never (default MAILCHIMP_SYNC_EVERY_MS or a minute). */
  everyMs?: number;
}

const STATUS: Record<MailchimpFailure['code'], [ErrorCode, number]> = {
  MALFORMED_KEY: ['VALIDATION_FAILED', 400],
  NO_LISTS: ['VALIDATION_FAILED', 400],
  UNKNOWN_AUDIENCE: ['VALIDATION_FAILED', 400],
  UNKNOWN_LIST: ['VALIDATION_FAILED', 400],
  NOT_CONNECTED: ['CONFLICT', 409],
  UNABLE_TO_CONNECT: ['UNPROCESSABLE', 422],
  SECRETS_KEY_MISSING: ['UNPROCESSABLE', 422],
};

function orFail<T>(result: { ok: true; value: T } | MailchimpFailure): T {
  if (result.ok) return result.value;
  const [code, status] = STATUS[result.code];
  const extra = { reason: `MAILCHIMP_${result.code}`, ...(result.detail ? { detail: result.detail } : {}) };
  throw new ApiError(code, result.message, extra, status);
}

/**
 * Marketing → Integrations → Mailchimp (docs/marketing.md): the owner's connection under
 * /api/owner/mailchimp (the permission table's `marketing` capability), and the background
 * sync every process runs (each link claimed by one process at a time).
 */
export async function mailchimpRoutes(app: FastifyInstance, options: MailchimpRouteOptions = {}) {
  const db = app.database.db;
  const context = (): MailchimpContext => ({
    secrets: secretBoxFor(app.config, app.database.kind),
    client: (key) => createMailchimpClient(key, { base: app.config.mailchimpApiBase }),
  });

  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    api.get(...at('GET /api/owner/mailchimp'), (request) => readMailchimp(db, request.site.id));
    api.post(...at('POST /api/owner/mailchimp/connect'), async (request) =>
      orFail(await connectMailchimp(db, request.site.id, request.body.apiKey, context())),
    );
    api.get(...at('GET /api/owner/mailchimp/audiences'), async (request) => ({
      audiences: orFail(await mailchimpAudiences(db, request.site.id, context())),
    }));
    api.put(...at('PUT /api/owner/mailchimp/links'), async (request) =>
      orFail(await linkMailchimpLists(db, request.site.id, request.body.links, context())),
    );
    api.post(...at('POST /api/owner/mailchimp/sync'), async (request) => {
      await syncMailchimp(db, context(), { websiteId: request.site.id, settleMs: 0 });
      return readMailchimp(db, request.site.id);
    });
    api.delete(...at('DELETE /api/owner/mailchimp'), (request) => disconnectMailchimp(db, request.site.id));
  });

  const everyMs = options.everyMs ?? everyMsFromEnv();
  if (everyMs <= 0) return;
  startDrainLoop(app, {
    name: 'mailchimp sync',
    intervalMs: everyMs,
    // One pass a tick: each mapped list is leased, synced and let go within it.
    drainBatch: async () => {
      const counts = await syncMailchimp(db, context());
      if (counts.links > 0) app.log.info({ job: 'mailchimp-sync', ...counts }, 'mailchimp lists synced');
      return 0;
    },
  });
}

/** `MAILCHIMP_SYNC_EVERY_MS`: how often to look for links to sync; every minute unless set. */
const everyMsFromEnv = () => intervalFromEnv('MAILCHIMP_SYNC_EVERY_MS', 60_000);
