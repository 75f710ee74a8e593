import { type CurrencyCode, DEFAULT_CURRENCY } from './currencies';

// Regions map to the currency the bookkeeper format shows for a locale's region (spec §3).
const EURO_REGIONS = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];

const REGION_CURRENCY: Readonly<Record<string, CurrencyCode>> = {
  ...Object.fromEntries(EURO_REGIONS.map((r) => [r, 'EUR' as const])),
  US: 'USD',
  PR: 'USD',
  AU: 'AUD',
  NO: 'NOK',
  CA: 'CAD',
  NZ: 'NZD',
  DK: 'DKK',
  GB: 'GBP',
  HK: 'HKD',
  CH: 'CHF',
  LI: 'CHF',
  MX: 'MXN',
  SG: 'SGD',
  SE: 'SEK',
  CZ: 'CZK',
  IL: 'ILS',
  PH: 'PHP',
  RU: 'RUB',
  PL: 'PLN',
  TH: 'THB',
  MY: 'MYR',
  AR: 'ARS',
  BR: 'BRL',
  CO: 'COP',
  ID: 'IDR',
  IN: 'INR',
  JP: 'JPY',
  ZA: 'ZAR',
};

/**
 * The currency of a locale's region (likely region when the tag has none); USD if unknown.
 *
 * @example
 * currencyForLocale('fr-FR'); // 'EUR'
 */
export function currencyForLocale(locale: string): CurrencyCode {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return (region && REGION_CURRENCY[region]) || DEFAULT_CURRENCY;
}
