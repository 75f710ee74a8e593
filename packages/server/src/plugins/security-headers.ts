import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy every response carries. Pages load only their own runtime
 * (`/assets/runtime/…` module scripts, no inline script: island data sits in a
 * `type="application/json"` block, which CSP does not execute). Inline `<style>` stays
 * allowed: the theme's CSS is inlined in <head>, and the captcha widget styles itself.
 * The captcha solves in Web Workers it may start from blob: URLs. Only the site itself
 * (the studio under /config on the same origin) may frame a page. A page that embeds
 * players gets this policy with exactly their origins added (pages/embed-policy.ts).
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
 * The headers every response carries, built once: helmet's set for our options
 * (security-headers.test.ts checks it stays identical to @fastify/helmet's output), without
 * helmet re-parsing the whole policy on every request (~7 % of a cart add's CPU).
 */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  [
    'content-security-policy',
    Object.entries(CONTENT_SECURITY_POLICY)
      .map(([name, values]) => `${name} ${values.join(' ')}`)
      .join(';'),
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'SAMEORIGIN'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * Security headers on every response: CSP, X-Content-Type-Options, Referrer-Policy,
 * X-Frame-Options SAMEORIGIN and the rest of helmet's defaults, set on the raw response
 * when the request arrives (as helmet does), so error answers and raw writes carry them too.
 * HSTS only on HTTPS requests (behind a trusted proxy that says so): over plain HTTP it
 * means nothing and would break local use.
 * Per-visitor JSON must never sit in a shared cache: every /api answer that did not choose
 * its own Cache-Control gets `no-store` (cart, session, orders, …).
 */
export const securityHeaders = fp(async (app: FastifyInstance) => {
  // Callback hooks, not async ones: no promise per request on every route.
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of SECURITY_HEADERS) raw.setHeader(name, value);
    raw.removeHeader('x-powered-by');
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    // The route's config carries its url; `routeOptions` would build a new object per read.
    const route = request.routeOptions.config?.url;
    if (route?.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
