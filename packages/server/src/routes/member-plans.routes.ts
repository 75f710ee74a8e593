import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { areaOffer, joinPlan } from '../services/members/join';
import { archivePlan, createPlan, listPlans, planView, updatePlan } from '../services/members/plans';
import { at, zodRoutes } from './api-schema';
import { cartOwner, setCartCookies } from './cart-identity';

/** Joining is a stored write (and a cart write): 30 per client address per 10 minutes. */
const JOIN_LIMIT = { name: 'members-join', max: 30, windowMs: 10 * 60_000 };

/**
 * Member plans: the owner's plans of an area (Studio → Member areas → an area → Plans), and
 * the visitor's side: an area's offer (the pricing-plan and member-area blocks, the join page)
 * and joining a plan (free at once; paid through the cart and checkout).
 */
export async function memberPlanRoutes(app: FastifyInstance) {
  const db = app.database.db;

  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);

    api.get(...at('GET /api/studio/members/areas/:areaId/plans'), async (request) => {
      const rows = valueOrFail(await listPlans(db, request.site.id, request.params.areaId));
      return { plans: rows.map(planView), currency: request.site.currency };
    });

    api.post(...at('POST /api/studio/members/areas/:areaId/plans'), async (request, reply) => {
      const row = valueOrFail(await createPlan(db, request.site, request.params.areaId, request.body));
      return reply.code(201).send(planView(row));
    });

    api.put(...at('PUT /api/studio/members/plans/:planId'), async (request) =>
      planView(valueOrFail(await updatePlan(db, request.site.id, request.params.planId, request.body))),
    );

    api.post(...at('POST /api/studio/members/plans/:planId/archive'), async (request) =>
      planView(valueOrFail(await archivePlan(db, request.site.id, request.params.planId))),
    );
  });

  await app.register(async (visitor) => {
    const api = zodRoutes(visitor);

    api.get(...at('GET /api/members/areas/:area'), async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return valueOrFail(
        await areaOffer(db, request.site.id, request.params.area, request.siteUserId ?? null),
      );
    });

    api.post(
      ...at('POST /api/members/plans/:planId/join', { config: { limit: JOIN_LIMIT } }),
      async (request, reply) => {
        const step = valueOrFail(
          await joinPlan(
            db,
            request.site,
            cartOwner(request),
            request.siteUserId ?? null,
            request.params.planId,
          ),
        );
        reply.header('cache-control', 'no-store');
        if (step.next === 'joined') return { next: 'joined' as const, confirmedPath: step.confirmedPath };
        if (step.createdToken) setCartCookies(request, reply, step.createdToken);
        return { next: 'checkout' as const, checkoutPath: step.checkoutPath };
      },
    );
  });
}
