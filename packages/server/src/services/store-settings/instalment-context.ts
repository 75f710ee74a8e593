import { instalmentProvider, minorToDecimal } from '@store/commerce';
import type { Db } from '../cart/cart-store';
import type { SiteRecord } from '../site.service';
import { instalmentPreferences, storeCountry } from './preferences';

/** Spec §3 "Instalment context per item" (the product flag is applied per item by the page). */
export interface InstalmentTerms {
  afterPayAvailable: boolean;
  afterPayMin: { value: string; currency: string };
  afterPayMax: { value: string; currency: string };
  shopperLanguage: string;
  stripeAccountCountry: string;
}

/**
 * The store's instalment terms from its preferences (namespaces `instalments` and `store`):
 * offered only when switched on and the chosen provider serves the store country (spec §9:
 * Clearpay in GB, Afterpay in the US and its territories, CA, AU, NZ); limits in the store
 * currency. Without saved preferences: US Afterpay, $35 – $2 000, as before.
 */
export async function loadInstalmentTerms(db: Db, site: SiteRecord): Promise<InstalmentTerms> {
  const prefs = await instalmentPreferences(db, site.id);
  const country = await storeCountry(db, site.id);
  const language = site.language.split('-')[0] ?? 'en';
  const served = instalmentProvider(country, language);
  return {
    afterPayAvailable: prefs.enabled && served?.provider.toLowerCase() === prefs.provider,
    afterPayMin: { value: minorToDecimal(prefs.minCents, site.currency), currency: site.currency },
    afterPayMax: { value: minorToDecimal(prefs.maxCents, site.currency), currency: site.currency },
    shopperLanguage: language,
    stripeAccountCountry: country,
  };
}
