import { CURRENCY_CODES, currencyForLocale } from '@store/commerce';

export interface Option {
  value: string;
  label: string;
}

/** Region codes that name no country (continents, groupings, test and unknown regions). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB', 'ZZ']);
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 27 store currencies, each with its name in the owner's language. */
export function currencyOptions(locale: string): Option[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'currency' });
  return CURRENCY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })).sort(
    (a, b) => a.label.localeCompare(b.label, locale),
  );
}

/** Every country the browser can name, by name (the store country is its two-letter code). */
export function countryOptions(locale: string): Option[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
  const options: Option[] = [];
  for (const first of LETTERS)
    for (const second of LETTERS) {
      const code = first + second;
      const name = names.of(code);
      if (!NOT_COUNTRIES.has(code) && name && name !== code) options.push({ value: code, label: name });
    }
  return options.sort((a, b) => a.label.localeCompare(b.label, locale));
}

/** The time zones the browser knows (IANA names), UTC included. */
export function timeZoneOptions(): Option[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set(['UTC', ...zones])].map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** Good first guesses from the browser: its language's country and currency, its time zone. */
export function guessedDefaults(language: string): { country: string; currency: string; timeZone: string } {
  const region = /[-_]([A-Z]{2})\b/.exec(language)?.[1] ?? 'US';
  return {
    country: region,
    currency: currencyForLocale(language),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  };
}
