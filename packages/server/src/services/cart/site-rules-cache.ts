import type { TaxRule } from '@store/commerce';
import type { Db } from './cart-store';

export interface SiteRules {
  taxRules: TaxRule[];
  shippingOptions: { id: string; name: string; description: string; costCents: number }[];
}

/**
 * A website's tax rules and shipping options, cached per process for `ttlMs` (they change
 * rarely and every cart read needs them). An owner's change shows within `ttlMs`; prices
 * and stock are never cached.
 *
 * Only resolved values are shared. A miss loads on the caller's own handle: sharing an
 * in-flight load would let transactions that hold every pool connection wait on a load
 * that needs one (a deadlock).
 */
export function createSiteRulesCache(load: (db: Db, websiteId: string) => Promise<SiteRules>, ttlMs = 5_000) {
  const entries = new Map<string, { at: number; rules: SiteRules }>();
  return async function siteRules(db: Db, websiteId: string): Promise<SiteRules> {
    const hit = entries.get(websiteId);
    if (hit && Date.now() - hit.at < ttlMs) return hit.rules;
    const rules = await load(db, websiteId);
    if (entries.size > 1000) entries.clear();
    entries.set(websiteId, { at: Date.now(), rules });
    return rules;
  };
}
