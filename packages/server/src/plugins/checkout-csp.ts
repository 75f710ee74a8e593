import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { CONTENT_SECURITY_POLICY } from './security-headers';
import { urlPath } from './edge-validation';

/** Stripe.js, as Stripe asks sites to load it (never bundled, never self-hosted). */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3/';

type Policy = Record<string, readonly string[]>;

/** Where Stripe.js comes from: STRIPE_JS_URL, else Stripe's own. */
export function stripeJsUrl(config: { stripeJsUrl?: string | undefined }): string {
  return config.stripeJsUrl ?? STRIPE_JS_URL;
}

/**
 * The origins Stripe documents for Elements: its script and card frames from js.stripe.com,
 * 3-D Secure frames from hooks.stripe.com, its API at api.stripe.com (Stripe.js calls it from
 * the page whatever API address the server uses). With STRIPE_JS_URL set (a local stand-in,
 * which serves its frames from its own origin), that origin and STRIPE_API_BASE's take their places.
 */
export function stripeOrigins(config: {
  stripeJsUrl?: string | undefined;
  stripeApiBase?: string | undefined;
}): Policy {
  if (!config.stripeJsUrl)
    return {
      'script-src': ['https://js.stripe.com'],
      'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
      'connect-src': ['https://api.stripe.com'],
    };
  const script = new URL(config.stripeJsUrl).origin;
  const api = new URL(config.stripeApiBase ?? 'https://api.stripe.com').origin;
  return { 'script-src': [script], 'frame-src': [script], 'connect-src': [api] };
}

/** The site's policy with `extra` sources added to their directives (no duplicates). */
export function policyWith(extra: Policy): string {
  return Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => `${name} ${[...new Set([...values, ...(extra[name] ?? [])])].join(' ')}`)
    .join(';');
}

/** The checkout pages: /checkout and a subscription's /checkout/subscription (one island). */
const CHECKOUT_PAGE = /^\/checkout(?:\/subscription)?\/?$/;

/**
 * The checkout page of a site that takes cards through Stripe may load Stripe.js, frame
 * Stripe's card fields and 3-D Secure window, and let Stripe.js call Stripe's API: the
 * page's Content-Security-Policy gains exactly those origins. Every other page, and the
 * checkout of a site in test mode, keeps the policy every response carries.
 */
export const checkoutPaymentPolicy = fp(async (app: FastifyInstance) => {
  const stripePolicy = policyWith(stripeOrigins(app.config));
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (!request.site || !CHECKOUT_PAGE.test(urlPath(request.url))) return payload;
    try {
      const { provider } = await app.payments.current(request.site);
      if (provider.browser().provider === 'stripe') reply.header('content-security-policy', stripePolicy);
    } catch (error) {
      // The stricter policy stays: the page says card payments could not be loaded.
      request.log.warn({ err: { name: (error as Error)?.name } }, 'payment provider unknown for the CSP');
    }
    return payload;
  });
});
