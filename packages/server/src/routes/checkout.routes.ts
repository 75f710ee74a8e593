import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { valueOrFail } from '../reasons';
import { afterOrdersSettled, reportAfterOrderFailures } from '../services/checkout/after-order';
import type { Settled } from '../services/checkout/payment-outcome';
import { findReservation, settleReservation, settleStaleReservations } from '../services/checkout/reconcile';
import { cartBelongsTo, recordWebhookEvent, webhookEventSeen } from '../services/checkout/webhook-events';
import { type CheckoutPoint, placeOrder } from '../services/checkout.service';
import { donationThanksPath, isDonationOnly } from '../services/donations/record-donations';
import { siteBaseUrl } from '../services/site-base-url';
import type { SiteRecord } from '../services/site.service';
import { at, zodRoutes } from './api-schema';
import { cartOwner, clearCartCookies } from './cart-identity';

export interface CheckoutRouteOptions {
  /** How long a checkout may hold stock waiting for its payment (default 15 minutes). */
  reservationSeconds?: number;
  /** A reservation still RESERVED this long lost its request (a crash) and is settled (default 5 minutes). */
  staleSeconds?: number;
  /** How often the scheduler settles reservations (default 30 s); the first sweep runs soon after start. */
  sweepEveryMs?: number;
  /** Called as each checkout step completes (crash-point tests stop the process there). */
  reached?: (point: CheckoutPoint) => void;
}

/** What a settled checkout answers: the order (200), a payment still pending (202), or 402. */
function answer(request: FastifyRequest, reply: FastifyReply, settled: Settled, keepCart: boolean) {
  switch (settled.kind) {
    case 'placed': {
      const { order, accessToken } = settled.placed;
      if (!keepCart) clearCartCookies(reply);
      // Paid: "order confirmed" (202). Authorised for later capture: the order's own link,
      // which says "order received, payment pending" (207) until it is paid, then its status.
      const confirmationUrl =
        order.status === 'PENDING'
          ? `/commerce/orders/${order.id}?token=${accessToken}`
          : isDonationOnly(order.items)
            ? donationThanksPath(order, accessToken) // a donation: "contribution confirmed" (204)
            : `/checkout/order-confirmed?orderId=${order.id}&token=${accessToken}`;
      return { order, accessToken, confirmationUrl };
    }
    case 'action':
      reply.code(202);
      return {
        payment: {
          status: 'action' as const,
          reservationId: settled.reservationId,
          clientSecret: settled.clientSecret,
        },
      };
    case 'waiting':
      reply.code(202);
      return { payment: { status: 'waiting' as const, reservationId: settled.reservationId } };
    case 'failed':
      request.log.info({ reason: 'payment failed' }, 'checkout payment refused');
      throw new ApiError('PAYMENT_FAILED', settled.message);
  }
}

/**
 * Checkout (reserve, charge outside any transaction, settle), the buyer's return from the
 * provider's 3-D Secure window, the provider's webhooks, and the sweep that settles
 * reservations nobody came back for (and, at start, those a crash left behind).
 */
export async function checkoutRoutes(app: FastifyInstance, options: CheckoutRouteOptions): Promise<void> {
  const db = app.database.db;
  const payments = app.payments;
  const api = zodRoutes(app);
  // What follows a placed order (the newsletter opt-in) runs on its own: its failures are logged.
  reportAfterOrderFailures((error, task) => app.log.warn({ err: error, task }, 'work after an order failed'));

  api.post(
    // A retried checkout (lost answer, double click) with its Idempotency-Key gets its order back.
    ...at('POST /api/commerce/checkout', { config: { idempotent: true } }),
    async (request, reply) => {
      const body = request.body;
      const site = request.site;
      const { provider, capture } = await payments.current(site);
      const settled = valueOrFail(
        await placeOrder(db, site, cartOwner(request, body.cartToken), body, provider, {
          capture,
          reservationSeconds: options.reservationSeconds,
          reached: options.reached,
          description: `${site.siteTitle} order`,
          returnUrl: `${siteBaseUrl(site)}/checkout`,
        }),
      );
      return answer(request, reply, settled, Boolean(body.cartToken));
    },
  );

  api.post(...at('POST /api/commerce/checkout/payments/:reservationId/complete'), async (request, reply) => {
    const site = request.site;
    const reservation = await findReservation(db, site.id, request.params.reservationId);
    // Only the buyer whose cart it is: the answer carries the order's access token.
    if (!reservation || !(await ownsCart(request, reservation.cartId)))
      throw new ApiError('NOT_FOUND', 'This payment is not known.');
    const provider = await payments.named(site, reservation.paymentProvider);
    return answer(request, reply, await settleReservation(db, site, reservation, provider), false);
  });

  await app.register(async (hooks) => {
    // The signature covers the exact bytes sent: keep them, parse nothing.
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    const webhooks = zodRoutes(hooks);
    webhooks.post(
      // The provider has no crumb; its signature is the check.
      ...at('POST /api/commerce/payments/stripe/webhook', { config: { crumb: false } }),
      async (request) => {
        const site = request.site;
        const provider = await payments.named(site, 'stripe');
        if (!provider?.webhook) throw new ApiError('NOT_FOUND', 'Stripe is not connected to this store.');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const checked = provider.webhook(raw, request.headers);
        if (!checked.ok) throw new ApiError('BAD_REQUEST', checked.message);
        const event = checked.event;
        if (await webhookEventSeen(db, 'stripe', event.id)) return { received: true };
        // Whatever the event says, the payment's state now is asked of the provider: events
        // arriving twice or out of order settle the checkout once, the same way.
        if (event.reservationId && (!event.websiteId || event.websiteId === site.id)) {
          const reservation = await findReservation(db, site.id, event.reservationId);
          if (reservation) await settleReservation(db, site, reservation, provider);
        }
        await recordWebhookEvent(db, {
          provider: 'stripe',
          eventId: event.id,
          websiteId: site.id,
          type: event.type,
        });
        return { received: true };
      },
    );
  });

  // The sweep: reservations whose time is up, or whose request died (a crash), are settled
  // from the provider's record. Every process sweeps; settling twice is harmless.
  const providerFor = (site: SiteRecord, name: string) => payments.named(site, name);
  let sweeping: Promise<unknown> | null = null;
  const sweep = () => {
    sweeping ??= settleStaleReservations(db, providerFor, { staleSeconds: options.staleSeconds })
      .then((counts) => {
        if (counts.looked > 0)
          app.log.info({ job: 'checkout-reservations', ...counts }, 'settled reservations');
      })
      .catch((error) => app.log.warn({ err: error }, 'settling reservations failed; will retry'))
      .finally(() => {
        sweeping = null;
      });
  };
  const every = options.sweepEveryMs ?? 30_000;
  const first = setTimeout(sweep, Math.min(every, 2_000));
  const timer = setInterval(sweep, every);
  first.unref();
  timer.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(timer);
    await sweeping;
    await afterOrdersSettled();
  });

  async function ownsCart(request: FastifyRequest, cartId: string): Promise<boolean> {
    return cartBelongsTo(db, cartId, cartOwner(request));
  }
}
