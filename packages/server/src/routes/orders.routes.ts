import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { isStaffForRoute, requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { buyerOrderView, readableOrder } from '../services/orders/buyer-order';
import { listOrders } from '../services/orders/order-list';
import { ORDER_MESSAGES } from '../services/orders/order-messages';
import {
  cancelOrder,
  finishClaimed,
  captureOrder,
  fulfillOrder,
  type OrderActionContext,
  refundOrder,
} from '../services/orders/order-transitions';
import { findOrderRow, serializeOwnerOrder } from '../services/orders/owner-order';
import { testCardSecret } from '../services/payments/default-provider';
import { finishStaleClaims } from '../services/orders/money-actions';
import { createTestPaymentProvider } from '../services/payments/test-payment-provider';
import { at, zodRoutes } from './api-schema';
import { findSiteById } from '../services/site.service';

/**
 * Orders after checkout: the buyer's (token) or owner's read of one order, the owner's list
 * and state changes (capture, fulfill, cancel, refund), and the test-mode card tokenizer.
 */

/** Card tokens one address may ask for per minute: a buyer needs a few; card testing needs thousands. */
export const CARD_TOKENS_PER_MINUTE = 60;
export async function orderRoutes(app: FastifyInstance) {
  const db = app.database.db;
  const cards = createTestPaymentProvider({ secret: await testCardSecret(db) });

  await app.register(async (open) => {
    const api = zodRoutes(open);
    api.get(...at('GET /api/commerce/orders/:id'), async (request, reply) => {
      const { id } = request.params;
      const { token } = request.query;
      reply.header('cache-control', 'no-store');
      // The owner, or a contributor whose role may read orders (plugins/permissions.ts).
      if (await isStaffForRoute(request)) {
        const row = await findOrderRow(db, request.site.id, id);
        if (!row) throw new ApiError('NOT_FOUND', ORDER_MESSAGES.notFound);
        return { order: await serializeOwnerOrder(db, row) };
      }
      // The link's holder, or the signed-in customer whose order it is (order status, 211).
      const row = await readableOrder(db, request.site.id, id, { token, siteUserId: request.siteUserId });
      if (row) return { order: await buyerOrderView(db, row) };
      // Without a token only the owner may read: the same 401/403 as the owner's list.
      if (token === undefined) await requireOwner(request);
      throw new ApiError('NOT_FOUND', ORDER_MESSAGES.notFound);
    });

    // The card form's tokenizer (a real provider's is on its own domain). Visitor-facing:
    // the crumb applies like every visitor POST; card data is never stored or logged.
    api.post(
      ...at('POST /api/commerce/payments/test/tokens', {
        // Card testing (trying many numbers) is what a tokenizer is abused for.
        config: { limit: { name: 'card-token', max: CARD_TOKENS_PER_MINUTE, windowMs: 60_000 } },
      }),
      async (request, reply) => {
        const { provider } = await app.payments.current(request.site);
        if (provider.browser().provider !== 'test')
          throw new ApiError('NOT_FOUND', 'Test cards are not accepted by this store.');
        const body = (request.body ?? {}) as Record<string, unknown>;
        const issued = await cards.issueCardToken(body as never);
        if (!issued.ok) {
          const first = Object.values(issued.errors)[0];
          throw new ApiError('VALIDATION_FAILED', first, { errors: issued.errors });
        }
        reply.code(201).header('cache-control', 'no-store');
        return { token: issued.token, brand: issued.brand, last4: issued.last4 };
      },
    );
  });

  await app.register(async (owner) => {
    // Before validation: a signed-out caller gets 401, not a 400 about its input.
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);
    const ctx = (site: OrderActionContext['site']): OrderActionContext => ({
      db,
      site,
      providerFor: (name) => app.payments.named(site, name),
    });
    const noStore = { 'cache-control': 'private, no-store' };
    // Actions that move money answer a retry with its Idempotency-Key once (plugins/idempotency.ts).
    const moneyAction = { config: { idempotent: true } };

    api.get(...at('GET /api/commerce/orders'), async (request, reply) => {
      reply.headers(noStore);
      return listOrders(db, request.site.id, request.query);
    });
    api.post(...at('POST /api/commerce/orders/:id/capture', { ...moneyAction }), async (request) => ({
      order: valueOrFail(await captureOrder(ctx(request.site), request.params.id)),
    }));
    api.post(...at('POST /api/commerce/orders/:id/fulfill'), async (request) => ({
      order: valueOrFail(await fulfillOrder(ctx(request.site), request.params.id, request.body)),
    }));
    api.post(...at('POST /api/commerce/orders/:id/cancel', { ...moneyAction }), async (request) => ({
      order: valueOrFail(await cancelOrder(ctx(request.site), request.params.id)),
    }));
    api.post(...at('POST /api/commerce/orders/:id/refund', { ...moneyAction }), async (request) => ({
      order: valueOrFail(await refundOrder(ctx(request.site), request.params.id, request.body?.amountCents)),
    }));
  });

  // Money actions a crash left claimed are finished (or dropped) from the provider's answer.
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= finishStaleClaims(
      db,
      (websiteId, name) => app.payments.named({ id: websiteId }, name),
      async (claim, row) => {
        const site = await findSiteById(db, row.websiteId);
        if (site) await finishClaimed(db, site, claim, row.id);
      },
    )
      .catch((error) => app.log.warn({ err: error }, 'finishing claimed order actions failed; will retry'))
      .finally(() => {
        sweeping = null;
      });
  };
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}
