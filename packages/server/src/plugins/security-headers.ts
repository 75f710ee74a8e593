import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy every response carries. Pages load only their own runtime
 * (`/assets/runtime/…` module scripts, no inline script: island data sits in a
 * `type="application/json"` block, which CSP does not execute). Inline `<style>` stays
 * allowed: the theme's CSS is inlined in <head>, and the captcha widget styles itself.
 * The captcha solves in Web Workers it may start from blob: URLs. Only the site itself
 * (the studio under /config on the same origin) may frame a page.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'form-action': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
};

/** Two years, the HSTS preload list's minimum. */
const HSTS = 'max-age=63072000; includeSubDomains';

/**
 * Security headers on every response (@fastify/helmet): CSP, X-Content-Type-Options,
 * Referrer-Policy, X-Frame-Options SAMEORIGIN. HSTS only on HTTPS requests (behind a
 * trusted proxy that says so): over plain HTTP it means nothing and would break local use.
 * Per-visitor JSON must never sit in a shared cache: every /api answer that did not choose
 * its own Cache-Control gets `no-store` (cart, session, orders, …).
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    hsts: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const route = request.routeOptions.url;
    if (route?.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
});
