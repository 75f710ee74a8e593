import { schemaOf, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { valueOrFail } from '../reasons';
import { placeOrder } from '../services/checkout.service';
import { findOrder } from '../services/order.service';
import type { PaymentProvider } from '../services/payments/payment-provider';
import { createTestPaymentProvider } from '../services/payments/test-payment-provider';
import { cartOwner, clearCartCookies } from './cart-identity';

/** Checkout and order reads. The payment provider is pluggable; the default is test mode. */
export async function checkoutRoutes(
  app: FastifyInstance,
  options: { payments?: PaymentProvider },
): Promise<void> {
  const payments = options.payments ?? createTestPaymentProvider();

  const api = zodRoutes(app);
  api.post(
    '/api/commerce/checkout',
    { schema: schemaOf('POST /api/commerce/checkout') },
    async (request, reply) => {
      const body = request.body;
      const result = valueOrFail(
        await placeOrder(app.database.db, request.site, cartOwner(request, body.cartToken), body, payments),
      );
      if (!body.cartToken) clearCartCookies(reply);
      return {
        order: result.order,
        accessToken: result.accessToken,
        confirmationUrl: `/checkout/order-confirmed?orderId=${result.order.id}&token=${result.accessToken}`,
      };
    },
  );

  api.get(
    '/api/commerce/orders/:id',
    { schema: schemaOf('GET /api/commerce/orders/:id') },
    async (request, reply) => {
      const { id } = request.params;
      const { token } = request.query;
      const order = await findOrder(app.database.db, request.site.id, id, token);
      if (!order) throw new ApiError('NOT_FOUND', 'We could not find that order.');
      reply.header('cache-control', 'no-store');
      return { order };
    },
  );
}
