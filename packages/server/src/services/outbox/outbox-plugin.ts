import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { type MailTransport, deliverDue } from './outbox-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ask the outbox worker to deliver now (after a commit that queued mail). No-op without SMTP. */
    outboxKick?: () => void;
  }
}

/**
 * Runs the outbox worker when SMTP_URL is configured: polls every `intervalMs` (and when
 * kicked), so queued mail is delivered after restarts too. Without SMTP the messages stay
 * in the outbox, listed for the owner at GET /api/owner/outbox.
 */
export const outboxWorker = fp(
  async (app: FastifyInstance, options: { transport?: MailTransport; intervalMs?: number } = {}) => {
    const smtpUrl = app.config.smtpUrl;
    if (!smtpUrl && !options.transport) return;
    const transport: MailTransport = options.transport ?? nodemailer.createTransport(smtpUrl);
    const db = app.database.db;
    let running: Promise<void> | null = null;
    let again = false;
    let stopped = false;
    const run = () => {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = (async () => {
        try {
          while (!stopped && (await deliverDue(db, transport)) > 0) {}
        } catch (error) {
          app.log.warn({ err: error }, 'outbox delivery failed; will retry');
        } finally {
          running = null;
          if (again) {
            again = false;
            run();
          }
        }
      })();
    };
    app.decorate('outboxKick', run);
    const timer = setInterval(run, options.intervalMs ?? 2_000);
    timer.unref();
    app.addHook('onReady', async () => run());
    app.addHook('onClose', async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    });
  },
);
