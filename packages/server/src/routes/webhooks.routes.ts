import { WEBHOOK_EVENTS } from '@store/api';
import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { secretBoxFor } from '../services/payments/secret-box';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  updateEndpoint,
} from '../services/webhooks/endpoints';
import { at, zodRoutes } from './api-schema';

/**
 * Settings → Developers, webhooks: endpoints (URL, events; the signing secret shown once at
 * creation), each endpoint's deliveries with their last attempt, and re-sending one.
 * docs/webhooks.md.
 */
export async function webhookRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const policy = () => ({ allowPrivate: app.config.webhooksAllowPrivate === true });
  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);

    api.get(...at('GET /api/studio/webhooks'), async (request) => ({
      endpoints: await listEndpoints(db, request.site.id),
      events: [...WEBHOOK_EVENTS],
      allowPrivate: policy().allowPrivate,
    }));

    api.post(...at('POST /api/studio/webhooks'), async (request, reply) => {
      const made = valueOrFail(
        await createEndpoint(db, request.site.id, request.body, {
          ...policy(),
          secrets: secretBoxFor(app.config, app.database.kind),
        }),
      );
      return reply.code(201).send(made);
    });

    api.put(...at('PUT /api/studio/webhooks/:id'), async (request) => {
      const endpoint = valueOrFail(
        await updateEndpoint(db, request.site.id, request.params.id, request.body, policy()),
      );
      // Deliveries that waited for a switched-off endpoint may go now.
      if (endpoint.enabled) app.webhooksKick?.();
      return { endpoint };
    });

    api.delete(...at('DELETE /api/studio/webhooks/:id'), async (request) => {
      valueOrFail(await deleteEndpoint(db, request.site.id, request.params.id));
      return { ok: true };
    });

    api.get(...at('GET /api/studio/webhooks/:id/deliveries'), async (request) => ({
      deliveries: valueOrFail(await listDeliveries(db, request.site.id, request.params.id)),
    }));

    api.post(...at('POST /api/studio/webhooks/:id/deliveries/:deliveryId/resend'), async (request) => {
      const delivery = valueOrFail(
        await resendDelivery(db, request.site.id, request.params.id, request.params.deliveryId),
      );
      app.webhooksKick?.();
      return { delivery };
    });
  });
}
