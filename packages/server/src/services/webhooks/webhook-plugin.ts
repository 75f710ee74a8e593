import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startDrainLoop } from '../jobs/drain-loop';
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
    const kick = startDrainLoop(app, {
      name: 'webhook delivery',
      intervalMs: options.intervalMs ?? 2_000,
      drainBatch: () => deliverDueWebhooks(db, workerOptions),
    });
    app.decorate('webhooksKick', kick);
  },
);
