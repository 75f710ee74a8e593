import { API_MESSAGES } from '@store/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { currentSiteUser } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import {
  addAddress,
  deleteAddress,
  listAddresses,
  updateAddress,
} from '../services/site-users/account-addresses';
import { createCustomerAccount } from '../services/site-users/account-create';
import { findAccountOrder, listAccountOrders } from '../services/site-users/account-orders';
import { startAccountSession } from './account-cookies';
import { SESSION_COOKIE, type SignedInUser, deleteSession } from '../services/site-users/sessions';
import { at, zodRoutes } from './api-schema';

/** Sign-ups per client address and site in 15 minutes (sign-in allows 20 failures). */
export const CREATE_ACCOUNT_LIMIT = { name: 'create-account', max: 10, windowMs: 15 * 60_000 };

/** The signed-in account of this website, or 401 (before the body is even validated). */
async function requireAccount(request: FastifyRequest): Promise<void> {
  const user = await currentSiteUser(request);
  if (!user || user.websiteId !== request.site?.id) throw new ApiError('UNAUTHORIZED');
}
const userOf = (request: FastifyRequest) => request.siteUser as SignedInUser;

/**
 * The visitor's own account: sign up, order history, saved addresses. An owner
 * signed in on the site is served like any customer here (their own test orders and
 * addresses); the store's orders are the studio's business. Answers are personal, so none
 * may be kept by a browser or proxy cache.
 */
export async function customerAccountRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const api = zodRoutes(app);
  const signedIn = { preValidation: requireAccount };

  api.post(
    ...at('POST /api/site-users/account', { config: { limit: CREATE_ACCOUNT_LIMIT } }),
    async (request, reply) => {
      const body = request.body;
      const account = await createCustomerAccount(app.database.db, {
        websiteId: request.site.id,
        email: body.email,
        password: body.password,
      });
      // Says only that the address is taken (the visitor needs that to sign in instead);
      // nothing about the account behind it. The limit above bounds probing.
      if (!account) throw new ApiError('CONFLICT', API_MESSAGES.accountEmailTaken);
      // Signing up while signed in to another account replaces that session.
      await deleteSession(app.database.db, request.cookies[SESSION_COOKIE]);
      const session = await startAccountSession(request, reply, account, body.rememberMe);
      return reply.code(201).send(session);
    },
  );

  api.get(...at('GET /api/site-users/account', { ...signedIn }), (request) => {
    const user = userOf(request);
    return Promise.resolve({ id: user.id, email: user.email, isOwner: user.role === 'OWNER' });
  });

  api.get(...at('GET /api/site-users/account/orders', { ...signedIn }), (request) =>
    listAccountOrders(app.database.db, userOf(request), request.query.cursor),
  );

  api.get(...at('GET /api/site-users/account/orders/:id', { ...signedIn }), async (request) => {
    const order = await findAccountOrder(app.database.db, userOf(request), request.params.id);
    // Another account's order answers exactly like one that does not exist.
    if (!order) throw new ApiError('NOT_FOUND', API_MESSAGES.accountOrderNotFound);
    return { order };
  });

  api.get(...at('GET /api/site-users/account/addresses', { ...signedIn }), async (request) => ({
    addresses: await listAddresses(app.database.db, userOf(request)),
  }));

  api.post(...at('POST /api/site-users/account/addresses', { ...signedIn }), async (request, reply) => {
    const address = valueOrFail(await addAddress(app.database.db, userOf(request), request.body));
    return reply.code(201).send({ address });
  });

  api.put(...at('PUT /api/site-users/account/addresses/:id', { ...signedIn }), async (request) => ({
    address: valueOrFail(
      await updateAddress(app.database.db, userOf(request), request.params.id, request.body),
    ),
  }));

  api.delete(...at('DELETE /api/site-users/account/addresses/:id', { ...signedIn }), async (request) => {
    valueOrFail(await deleteAddress(app.database.db, userOf(request), request.params.id));
    return { ok: true };
  });
}
