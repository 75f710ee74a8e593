import { schemaOf, zodRoutes } from './api-schema';
import type { FastifyInstance } from 'fastify';
import { valueOrFail } from '../reasons';
import { placeOrder } from '../services/checkout.service';
import type { PaymentProvider } from '../services/payments/payment-provider';
import { paymentsFor } from '../services/payments/default-provider';
import { cartOwner, clearCartCookies } from './cart-identity';

/** Checkout. The payment provider is pluggable; the default is test mode. */
export async function checkoutRoutes(
  app: FastifyInstance,
  options: { payments?: PaymentProvider },
): Promise<void> {
  const payments = await paymentsFor(app.database.db, options.payments);

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
  // Reading an order (buyer's token or the owner) lives with the other order routes (orders.routes.ts).
}
