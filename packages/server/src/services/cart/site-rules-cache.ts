import type { TaxRule } from '@store/commerce';
import type { Db } from './cart-store';

export interface SiteRules {
  taxRules: TaxRule[];
  shippingOptions: { id: string; name: string; description: string; costCents: number }[];
}

/**
 * A website's tax rules and shipping options, cached per process for `ttlMs` (they change
 * rarely and every cart read needs them); prices and stock are never cached. The owner's
 * own writes drop the entry (`forget`) at once, and every process drops it when the write's
 * `site_changed` notification arrives (pages/page-invalidation.ts); `ttlMs` is only the
 * safety net should a notification be lost.
 *
 * Only resolved values are shared. A miss loads on the caller's own handle: sharing an
 * in-flight load would let transactions that hold every pool connection wait on a load
 * that needs one (a deadlock).
 */
export function createSiteRulesCache<T = SiteRules>(
  load: (db: Db, websiteId: string) => Promise<T>,
  ttlMs = 5_000,
) {
  const entries = new Map<string, { at: number; rules: T }>();
  const siteRules = async (db: Db, websiteId: string): Promise<T> => {
    const hit = entries.get(websiteId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.rules;
    const rules = await load(db, websiteId);
    if (entries.size > 1000) entries.clear();
    entries.set(websiteId, { at: Date.now(), rules });
    return rules;
  };
  /** Drop a site's entry (its owner changed the rules: this process shows them at once). */
  siteRules.forget = (websiteId: string) => entries.delete(websiteId);
  /** Drop every site's entry (the change listener reconnected: changes may have been missed). */
  siteRules.clear = () => entries.clear();
  return siteRules;
}
