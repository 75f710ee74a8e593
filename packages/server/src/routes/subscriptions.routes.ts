import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { currentSiteUser, requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { refundOrder } from '../services/orders/order-transitions';
import type { SignedInUser } from '../services/site-users/sessions';
import { saveCardForSubscription } from '../services/subscriptions/save-card';
import {
  cancelSubscription,
  changeCard,
  changeShippingAddress,
  listCustomerSubscriptions,
  listSubscriptions,
  type ManageScope,
  pauseSubscription,
  refundRenewal,
  resumeSubscription,
  subscriptionDetail,
  upcomingChargesOf,
} from '../services/subscriptions/manage';
import { at, zodRoutes } from './api-schema';

async function requireAccount(request: FastifyRequest): Promise<void> {
  const user = await currentSiteUser(request);
  if (!user || user.websiteId !== request.site?.id) throw new ApiError('UNAUTHORIZED');
}

/**
 * Subscriptions after checkout: the signed-in customer's own on their account page
 * (/api/site-users/account/subscriptions…: another account's answers 404), and the owner's in
 * the studio (/api/commerce/subscriptions…, the permission table's `orders` capability).
 * `now`: the clock tests move (the account clock).
 */
export async function subscriptionRoutes(
  app: FastifyInstance,
  options: { now?: () => Date } = {},
): Promise<void> {
  const db = app.database.db;
  const clock = () => options.now?.();

  await app.register(async (customer) => {
    customer.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    customer.addHook('preValidation', requireAccount);
    const api = zodRoutes(customer);
    const scopeOf = (request: FastifyRequest): ManageScope => ({
      db,
      websiteId: request.site.id,
      timeZone: request.site.timeZone,
      actor: 'customer',
      siteUserId: (request.siteUser as SignedInUser).id,
      now: clock(),
    });
    const answer = (request: FastifyRequest, subscription: unknown) => ({
      subscription: subscription as never,
      timeZone: request.site.timeZone,
    });

    api.get(...at('GET /api/site-users/account/subscriptions'), async (request) => ({
      subscriptions: await listCustomerSubscriptions(
        db,
        request.site.id,
        (request.siteUser as SignedInUser).id,
      ),
      timeZone: request.site.timeZone,
    }));
    api.get(...at('GET /api/site-users/account/subscriptions/:id/upcoming'), async (request) => ({
      ...valueOrFail(await upcomingChargesOf(scopeOf(request), request.params.id, request.query.count)),
      timeZone: request.site.timeZone,
    }));
    api.post(...at('POST /api/site-users/account/subscriptions/:id/pause'), async (request) =>
      answer(request, valueOrFail(await pauseSubscription(scopeOf(request), request.params.id))),
    );
    api.post(...at('POST /api/site-users/account/subscriptions/:id/resume'), async (request) =>
      answer(request, valueOrFail(await resumeSubscription(scopeOf(request), request.params.id))),
    );
    api.post(...at('POST /api/site-users/account/subscriptions/:id/cancel'), async (request) =>
      answer(
        request,
        valueOrFail(await cancelSubscription(scopeOf(request), request.params.id, request.body.when)),
      ),
    );
    api.put(...at('PUT /api/site-users/account/subscriptions/:id/address'), async (request) =>
      answer(
        request,
        valueOrFail(await changeShippingAddress(scopeOf(request), request.params.id, request.body.address)),
      ),
    );
    api.put(...at('PUT /api/site-users/account/subscriptions/:id/card'), async (request) => {
      const scope = scopeOf(request);
      const changed = await changeCard(scope, request.params.id, async (row) => {
        const provider = await app.payments.named(request.site, row.paymentProvider);
        if (!provider) return { ok: false, message: 'this store no longer takes that kind of card' };
        return saveCardForSubscription(provider, request.body.token, row);
      });
      return answer(request, valueOrFail(changed));
    });
  });

  await app.register(async (owner) => {
    // Before validation: a signed-out caller gets 401, not a 400 about its input.
    owner.addHook('preValidation', requireOwner);
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'private, no-store');
      done(null, payload);
    });
    const api = zodRoutes(owner);
    const scopeOf = (request: FastifyRequest): ManageScope => ({
      db,
      websiteId: request.site.id,
      timeZone: request.site.timeZone,
      actor: 'owner',
      now: clock(),
    });
    const detailOf = async (request: FastifyRequest, id: string) => ({
      ...valueOrFail(await subscriptionDetail(scopeOf(request), id)),
      timeZone: request.site.timeZone,
    });

    api.get(...at('GET /api/commerce/subscriptions'), async (request) => ({
      ...valueOrFail(await listSubscriptions(db, request.site.id, request.query)),
      timeZone: request.site.timeZone,
    }));
    api.get(...at('GET /api/commerce/subscriptions/:id'), (request) => detailOf(request, request.params.id));
    api.post(...at('POST /api/commerce/subscriptions/:id/pause'), async (request) => {
      valueOrFail(await pauseSubscription(scopeOf(request), request.params.id));
      return detailOf(request, request.params.id);
    });
    api.post(...at('POST /api/commerce/subscriptions/:id/resume'), async (request) => {
      valueOrFail(await resumeSubscription(scopeOf(request), request.params.id));
      return detailOf(request, request.params.id);
    });
    api.post(...at('POST /api/commerce/subscriptions/:id/cancel'), async (request) => {
      valueOrFail(await cancelSubscription(scopeOf(request), request.params.id, request.body.when));
      return detailOf(request, request.params.id);
    });
    api.post(
      ...at('POST /api/commerce/subscriptions/:id/cycles/:cycle/refund', { config: { idempotent: true } }),
      async (request) => {
        const site = request.site;
        const refunded = await refundRenewal(
          scopeOf(request),
          request.params.id,
          request.params.cycle,
          (orderId) =>
            refundOrder(
              { db, site, providerFor: (name) => app.payments.named(site, name) },
              orderId,
              undefined,
            ),
        );
        return { ...valueOrFail(refunded), timeZone: site.timeZone };
      },
    );
  });
}
