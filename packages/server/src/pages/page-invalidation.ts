import type { DatabaseHandle } from '../db/client';
import { watchAddProducts } from '../services/cart/add-product-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageCache } from './page-cache';

/** Content changed (publish, navigation, header/footer, design, settings): payload = website id. */
export const SITE_CHANGED = 'site_changed';
/** A catalogue item's page data changed (price, stock state, …): payload = "<website id> <item id>". */
export const CATALOG_CHANGED = 'catalog_changed';

/**
 * The site resolver (plugins/site.ts) keeps a website's settings for up to 5 s. A page
 * rendered right after a settings change may still use the old ones, so a site change is
 * applied twice: at once, and again once that cache has surely expired.
 */
const SITE_RESOLVER_TTL_MS = 6_000;

interface Logger {
  warn(obj: unknown, msg?: string): void;
}

/** The page caches of this process (one per app; tests run several apps in one process). */
const localCaches = new Set<PageCache>();

/**
 * Read-your-writes for the studio: an `onSend` hook for route plugins whose successful writes
 * change what pages show. It drops this process's cached pages of the site before the answer
 * leaves (after the commit), so the owner's next page view is fresh at once; other processes
 * drop theirs when the NOTIFY sent in the transaction reaches them.
 */
export async function dropSitePagesOnSuccess(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const changing = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
  if (changing && reply.statusCode < 400 && request.site)
    for (const cache of localCaches) cache.invalidateSite(request.site.id);
  return payload;
}

/**
 * Keep the page cache in step with the database on this process: the triggers of migration
 * 0005 (and anyone else) NOTIFY on commit; this LISTENs on both channels. When the listening
 * connection is lost and comes back, everything is dropped (changes may have been missed).
 */
export async function watchSiteChanges(
  database: DatabaseHandle,
  cache: PageCache,
  log: Logger,
): Promise<() => Promise<void>> {
  const timers = new Set<NodeJS.Timeout>();
  localCaches.add(cache);
  // The cart add's product cache (services/cart/add-product-cache.ts) follows the same changes.
  const products = watchAddProducts(database.db);
  const onSite = (payload: string) => {
    const websiteId = payload.trim();
    if (!websiteId) {
      products.cache.clear();
      return cache.clear();
    }
    products.cache.invalidateSite(websiteId);
    cache.invalidateSite(websiteId);
    const timer = setTimeout(() => {
      timers.delete(timer);
      cache.invalidateSite(websiteId);
    }, SITE_RESOLVER_TTL_MS);
    timer.unref();
    timers.add(timer);
  };
  const onCatalog = (payload: string) => {
    const [websiteId, itemId] = payload.trim().split(/\s+/, 2);
    if (!websiteId) {
      products.cache.clear();
      return cache.clear();
    }
    if (!itemId) {
      products.cache.invalidateSite(websiteId);
      return cache.invalidateSite(websiteId);
    }
    products.cache.invalidateItem(websiteId, itemId);
    cache.invalidateItems(websiteId, [itemId]);
  };
  const onReset = () => {
    log.warn({}, 'page cache: the change listener reconnected; dropping every cached page');
    products.cache.clear();
    cache.clear();
  };
  let stops: (() => Promise<void>)[];
  try {
    stops = await Promise.all([
      database.listen(SITE_CHANGED, onSite, onReset),
      database.listen(CATALOG_CHANGED, onCatalog, onReset),
    ]);
  } catch (error) {
    products.release();
    throw error;
  }
  return async () => {
    products.release();
    localCaches.delete(cache);
    for (const timer of timers) clearTimeout(timer);
    await Promise.all(stops.map((stop) => stop()));
  };
}
