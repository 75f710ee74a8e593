import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../errors';
import { placeOrder } from '../services/checkout.service';
import { findOrder } from '../services/order.service';
import type { PaymentProvider } from '../services/payments/payment-provider';
import { createTestPaymentProvider } from '../services/payments/test-payment-provider';
import { cartOwner, clearCartCookies } from './cart-identity';
import { parseWith } from './validate';

const text = (max: number) => z.string().trim().min(1, 'Required').max(max);
const checkoutBody = z.object({
  email: z.string().trim().max(256).email('Email is not valid.'),
  shippingAddress: z
    .object({
      firstName: text(100),
      lastName: text(100),
      address1: text(200),
      address2: z.string().trim().max(200).optional(),
      city: text(100),
      region: z.string().trim().max(64).optional(),
      postalCode: text(32),
      country: z.string().regex(/^[A-Z]{2}$/, 'Use a two-letter country code.'),
    })
    .optional(),
  shippingOptionId: z.string().min(1).max(64).optional(),
  payment: z.object({ provider: z.literal('test').optional(), token: z.string().min(1).max(128) }),
  /** A subscription cart's token (spec §7 subscription checkout), instead of the CART cookie. */
  cartToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});

/** Checkout and order reads. The payment provider is pluggable; the default is test mode. */
export async function checkoutRoutes(
  app: FastifyInstance,
  options: { payments?: PaymentProvider },
): Promise<void> {
  const payments = options.payments ?? createTestPaymentProvider();

  app.post('/api/commerce/checkout', async (request, reply) => {
    const body = parseWith(checkoutBody, request.body);
    const result = await placeOrder(
      app.database.db,
      request.site,
      cartOwner(request, body.cartToken),
      body,
      payments,
    );
    if (!body.cartToken) clearCartCookies(reply);
    return {
      order: result.order,
      accessToken: result.accessToken,
      confirmationUrl: `/checkout/order-confirmed?orderId=${result.order.id}&token=${result.accessToken}`,
    };
  });

  app.get('/api/commerce/orders/:id', async (request, reply) => {
    const { id } = parseWith(z.object({ id: z.string().min(1).max(64) }), request.params);
    const { token } = parseWith(z.object({ token: z.string().min(1).max(64) }), request.query);
    const order = await findOrder(app.database.db, request.site.id, id, token);
    if (!order) throw new ApiError('NOT_FOUND', 'We could not find that order.');
    reply.header('cache-control', 'no-store');
    return { order };
  });
}
