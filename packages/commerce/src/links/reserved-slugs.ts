/**
 * The first path segments the site's own routes use (`/cart`, `/checkout`, `/search`, `/account`,
 * `/newsletter/unsubscribe`, `/p/…` products, `/media/…`, `/assets/…`, `/api/…`, `/config` the
 * studio, `/commerce/…`, `/healthz`, `/metrics`): no page, blog or store may take one as its
 * slug, or its URL would never reach it. One list for every place that names a slug.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'account',
  'api',
  'assets',
  'cart',
  'checkout',
  'commerce',
  'config',
  'healthz',
  'media',
  'metrics',
  'newsletter',
  'p',
  'search',
]);

/** True when `slug` (compared in lower case) is one of the site's own first path segments. */
export const isReservedSlug = (slug: string): boolean => RESERVED_SLUGS.has(slug.trim().toLowerCase());
