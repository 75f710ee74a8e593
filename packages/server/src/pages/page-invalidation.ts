import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import type { SiteChanges } from '../plugins/site-changes';
import { watchAddProducts } from '../services/cart/add-product-cache';
import { forgetAllPricingRules, forgetPricingRules } from '../services/store-settings/pricing-rules';
import type { PageCache } from './page-cache';

export { CATALOG_CHANGED, SITE_CHANGED } from '../plugins/site-changes';

/** The page caches of this process (one per app; tests run several apps in one process). */
const localCaches = new Set<PageCache>();

/**
 * Read-your-writes for the studio: an `onSend` hook for route plugins whose successful writes
 * change what pages show. It drops this process's cached pages of the site before the answer
 * leaves (after the commit), and the host lookups with them, so the owner's next page view is
 * fresh at once; other processes drop theirs when the NOTIFY sent in the transaction reaches
 * them.
 */
export async function dropSitePagesOnSuccess(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  const changing = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
  if (!changing || reply.statusCode >= 400 || !request.site) return payload;
  // The site's own row (settings, hosts) may have changed too: look it up again.
  request.server.siteLookups?.forget();
  for (const cache of localCaches) cache.invalidateSite(request.site.id);
  return payload;
}

/**
 * Keep the page cache in step with the database on this process: the triggers of migration
 * 0006 (and services' `notifySiteChanged`) NOTIFY on commit and `changes` hands each one on.
 * The cart's product cache and the tax and shipping rules follow the same changes. When the
 * listening connection comes back after a loss, everything is dropped (changes may have
 * been missed).
 */
export function watchSiteChanges(
  database: DatabaseHandle,
  changes: SiteChanges,
  cache: PageCache,
): () => void {
  localCaches.add(cache);
  // The cart add's product cache (services/cart/add-product-cache.ts) follows the same changes.
  const products = watchAddProducts(database.db);
  const stopSite = changes.onSite((websiteId) => {
    if (!websiteId) {
      products.cache.clear();
      forgetAllPricingRules();
      return cache.clear();
    }
    products.cache.invalidateSite(websiteId);
    forgetPricingRules(websiteId);
    cache.invalidateSite(websiteId);
  });
  const stopCatalog = changes.onCatalog((websiteId, itemId) => {
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
  });
  return () => {
    stopSite();
    stopCatalog();
    products.release();
    localCaches.delete(cache);
  };
}
