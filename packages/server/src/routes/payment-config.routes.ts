import type { FastifyInstance } from 'fastify';
import { stripeJsUrl } from '../plugins/checkout-csp';
import { at, zodRoutes } from './api-schema';

/**
 * What the checkout page needs to take the card: the site's provider's public configuration
 * (`provider.browser()`), and for Stripe where Stripe.js is loaded from. Read on every visit
 * (never cached), so the owner's switch in Store settings → Payments applies to the next page.
 */
export async function paymentConfigRoutes(app: FastifyInstance): Promise<void> {
  const api = zodRoutes(app);
  const scriptUrl = stripeJsUrl(app.config);

  api.get(...at('GET /api/commerce/payments/config'), async (request, reply) => {
    const { provider } = await app.payments.current(request.site);
    const browser = provider.browser();
    reply.header('cache-control', 'no-store');
    return browser.provider === 'stripe' ? { ...browser, scriptUrl } : browser;
  });
}
