import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { secretBoxFor } from '../payments/secret-box';
import type { postWebhook } from './sender';
import { deliverDueWebhooks } from './webhook-worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** Ask the webhook worker to send now (after a commit that queued deliveries). */
    webhooksKick?: () => void;
  }
}

/**
 * Runs the webhook worker: polls every `intervalMs` (and when kicked), so queued deliveries
 * go out after restarts too; several processes share the work (SKIP LOCKED claims).
 */
export const webhookWorker = fp(
  async (app: FastifyInstance, options: { intervalMs?: number; send?: typeof postWebhook } = {}) => {
    const db = app.database.db;
    const workerOptions = {
      allowPrivate: app.config.webhooksAllowPrivate === true,
      secrets: () => secretBoxFor(app.config, app.database.kind),
      ...(options.send ? { send: options.send } : {}),
    };
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
          while (!stopped && (await deliverDueWebhooks(db, workerOptions)) > 0) {}
        } catch (error) {
          app.log.warn({ err: error }, 'webhook delivery failed; will retry');
        } finally {
          running = null;
          if (again) {
            again = false;
            run();
          }
        }
      })();
    };
    app.decorate('webhooksKick', run);
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
