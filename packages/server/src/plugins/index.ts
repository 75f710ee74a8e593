import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { trackingQueuePlugin } from '../queue/tracking-queue.plugin';
import { openApiCollector } from '../routes/openapi.routes';
import { jobScheduler } from '../services/jobs/scheduler-plugin';
import { outboxWorker } from '../services/outbox/outbox-plugin';
import { webhookWorker } from '../services/webhooks/webhook-plugin';
import { crumbProtection } from './crumb';
import { edgeValidation } from './edge-validation';
import { errorContract } from './error-contract';
import { idempotencyKeys } from './idempotency';
import { limitsPlugin } from './limits';
import { observability } from './observability';
import { siteUserSession } from './owner-auth';
import { securityHeaders } from './security-headers';
import { siteResolver } from './site';
import { siteChangesPlugin } from './site-changes';
import { siteRequired } from './site-required';

/**
 * The plugins every request passes through, in the order they must run: registered by
 * buildApp before any route (routes/index.ts), so each route inherits their hooks. A new
 * cross-cutting plugin gets its line here, at the place its order needs.
 */
export async function registerEdgePlugins(app: FastifyInstance): Promise<void> {
  // First: every error after this point answers in the API's error shape.
  await app.register(errorContract);
  // Request ids, metrics and traces see every request, refused ones included.
  await app.register(observability, { tracesEndpoint: app.config.tracesEndpoint });
  await app.register(securityHeaders);
  // Schema-first API: each route plugin declares zod schemas from @store/api (routes/api-schema.ts);
  // the collector turns them into the OpenAPI document, so it must see every route added.
  await app.register(openApiCollector);
  // brotli/gzip for JSON and other responses over 4 KiB (smaller ones fit the first TCP
  // round trip anyway, and the compression stream cost the cart add ~15 % of its CPU);
  // pages and the theme CSS arrive precompressed (content-encoding set) and pass untouched.
  await app.register(fastifyCompress, { global: true, threshold: 4096, encodings: ['br', 'gzip'] });
  await app.register(fastifyCookie);
  await app.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
  await app.register(edgeValidation);
  // Change notifications first: the host lookup, pages and rules caches all follow them.
  await app.register(siteChangesPlugin);
  await app.register(siteResolver, { db: app.database.db });
  // Before the first site exists, API calls other than setup answer 503 with what to do.
  await app.register(siteRequired);
  await app.register(limitsPlugin);
  // Cross-site request protection on every state change, before any route's handler.
  await app.register(crumbProtection);
  await app.register(siteUserSession);
  // After the session (a key belongs to its caller), before the routes it serves.
  await app.register(idempotencyKeys);
}

/**
 * Work that runs beside the requests: the mail outbox, webhook deliveries, the periodic jobs
 * (one process at a time) and the tracking queue's consumer. Each decorates the app with
 * what routes call (`outboxKick`, `webhooksKick`, `trackingQueue`); registered before the routes.
 */
export async function registerWorkers(
  app: FastifyInstance,
  options: { webhookDelivery: boolean } = { webhookDelivery: true },
): Promise<void> {
  await app.register(outboxWorker);
  // Webhook deliveries queued with the site's changes, signed and sent (docs/webhooks.md).
  if (options.webhookDelivery) await app.register(webhookWorker);
  // Daily tracking retention and any later periodic job: one process at a time.
  await app.register(jobScheduler);
  await app.register(trackingQueuePlugin);
}
