import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recordInserter } from '../services/tracking/insert-records';
import { natsStreamFor } from '../config';
import { createJetStreamQueue } from './jetstream-queue';
import { createMemoryQueue } from './memory-queue';
import type { TrackingQueue } from './tracking-queue';

declare module 'fastify' {
  interface FastifyInstance {
    trackingQueue: TrackingQueue;
  }
}

/**
 * Opens the tracking queue (JetStream when NATS_URL is set, else in-process) with the
 * database batch writer as its consumer, and closes it with the app: the in-process queue
 * writes what it holds before the database closes.
 */
export const trackingQueuePlugin = fp(async (app: FastifyInstance) => {
  const sink = recordInserter(app.database.db, {
    onDropped: (record, error) =>
      app.log.warn(
        { err: error, kind: record.table, websiteId: record.websiteId },
        'tracking record refused by the database; dropped',
      ),
  });
  const onError = (error: unknown) => app.log.error({ err: error }, 'tracking batch write failed; retrying');
  // Each deployment its own stream (NATS_STREAM, else from the Redis key prefix), and with
  // it its own subject and durable consumer, so deployments on one NATS never cross.
  const stream = app.config.natsStream ?? natsStreamFor(app.config.redisKeyPrefix);
  const queue = app.config.natsUrl
    ? await createJetStreamQueue({ servers: app.config.natsUrl, sink, onError, stream })
    : createMemoryQueue({ sink, onError });
  app.decorate('trackingQueue', queue);
  app.metrics.sources.trackingQueue = () => queue.waiting();
  app.addHook('preClose', async () => {
    await queue.close();
  });
});
