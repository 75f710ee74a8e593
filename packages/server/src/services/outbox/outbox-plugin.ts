import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { smtpUrlAddress } from '../email/smtp-connection';
import { startDrainLoop } from '../jobs/drain-loop';
import { secretBoxFor } from '../payments/secret-box';
import { siteRouter } from './mail-router';
import { type MailTransport, deliverDue } from './outbox-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ask the outbox worker to deliver now (after a commit that queued mail). */
    outboxKick?: () => void;
  }
}

/**
 * Runs the outbox worker: polls every `intervalMs` (and when kicked), so queued mail is
 * delivered after restarts too. Each site's mail goes through its own SMTP server (Settings →
 * Domain & mail) or, without one, SMTP_URL; a site with neither keeps its mail in the outbox,
 * listed for the owner at GET /api/owner/outbox.
 */
export const outboxWorker = fp(
  async (app: FastifyInstance, options: { transport?: MailTransport; intervalMs?: number } = {}) => {
    const smtpUrl = app.config.smtpUrl;
    // Pooled: a burst (a sale's receipts, a restock notice to a waiting list) goes over a few
    // kept-open connections instead of one SMTP conversation per message. The URL's own
    // `?pool=false` still wins.
    const pooled =
      options.transport || !smtpUrl ? null : nodemailer.createTransport({ url: smtpUrl, pool: true });
    const server = options.transport ?? (pooled as MailTransport | null) ?? undefined;
    const db = app.database.db;
    const router = siteRouter(db, {
      server,
      serverAddress: smtpUrlAddress(smtpUrl),
      secrets: () => secretBoxFor(app.config, app.database.kind),
      // Polling must not create the local key file: only opening a password sealed with it does.
      hasSecretsKey: () =>
        Boolean(app.config.secretsKey) || (app.database.kind === 'pglite' && !app.config.databaseUrl),
    });
    const kick = startDrainLoop(app, {
      name: 'outbox delivery',
      intervalMs: options.intervalMs ?? 2_000,
      drainBatch: () => deliverDue(db, router),
      onClose: () => {
        pooled?.close();
        router.close();
      },
    });
    app.decorate('outboxKick', kick);
  },
);
