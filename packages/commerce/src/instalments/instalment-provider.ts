/** Afterpay countries and languages, and Clearpay for GB (spec §9). */
export const INSTALMENT_PROVIDER_LOCALES = {
  AFTERPAY: { US: ['en'], CA: ['en', 'fr'], AU: ['en'], NZ: ['en'] },
  CLEARPAY: { GB: ['en'] },
} as const;

/** Territories that use the US Afterpay configuration (spec §9). */
export const US_TERRITORIES = ['US', 'PR', 'GU', 'VI', 'MP', 'AS', 'UM'] as const;

export type InstalmentProviderName = keyof typeof INSTALMENT_PROVIDER_LOCALES;

export interface InstalmentProvider {
  provider: InstalmentProviderName;
  /** Country after mapping US territories to US. */
  country: string;
  /** Locale of the provider's info modal, e.g. "en_US", "fr_CA". */
  locale: string;
}

/**
 * The instalment provider and modal locale for a merchant country and shopper language, or null
 * when instalments are not offered there. An unsupported language falls back to the country's
 * first language.
 *
 * @example
 * instalmentProvider('PR', 'es'); // { provider: 'AFTERPAY', country: 'US', locale: 'en_US' }
 * instalmentProvider('CA', 'fr'); // { provider: 'AFTERPAY', country: 'CA', locale: 'fr_CA' }
 * instalmentProvider('GB', 'en'); // { provider: 'CLEARPAY', country: 'GB', locale: 'en_GB' }
 */
export function instalmentProvider(country: string, language = 'en'): InstalmentProvider | null {
  const upper = String(country).toUpperCase();
  const mapped = (US_TERRITORIES as readonly string[]).includes(upper) ? 'US' : upper;
  const lang = String(language).toLowerCase().split(/[-_]/)[0] ?? '';
  for (const provider of Object.keys(INSTALMENT_PROVIDER_LOCALES) as InstalmentProviderName[]) {
    const countries: Record<string, readonly string[]> = INSTALMENT_PROVIDER_LOCALES[provider];
    const languages = countries[mapped];
    if (!languages) continue;
    const chosen = languages.includes(lang) ? lang : (languages[0] ?? lang);
    return { provider, country: mapped, locale: `${chosen}_${mapped}` };
  }
  return null;
}
