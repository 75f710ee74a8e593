/**
 * The store currencies (storefront spec §3): minor-unit digits are 2 except JPY (0).
 * Regions map to the currency the bookkeeper format shows for a locale's region.
 */
export const CURRENCY_DIGITS: Readonly<Record<string, number>> = {
  EUR: 2,
  USD: 2,
  AUD: 2,
  NOK: 2,
  CAD: 2,
  NZD: 2,
  DKK: 2,
  GBP: 2,
  HKD: 2,
  CHF: 2,
  MXN: 2,
  SGD: 2,
  SEK: 2,
  CZK: 2,
  ILS: 2,
  PHP: 2,
  RUB: 2,
  PLN: 2,
  THB: 2,
  MYR: 2,
  ARS: 2,
  BRL: 2,
  COP: 2,
  IDR: 2,
  INR: 2,
  JPY: 0,
  ZAR: 2,
};

export const DEFAULT_CURRENCY = 'USD';

/** Minor-unit digits of a currency code (2 for unknown codes). */
export function currencyDigits(code: string): number {
  return CURRENCY_DIGITS[code.toUpperCase()] ?? 2;
}

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

const REGION_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(EURO_REGIONS.map((r) => [r, 'EUR'])),
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

/** The currency of a locale's region (likely region when the tag has none); USD if unknown. */
export function currencyForLocale(locale: string): string {
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  return (region && REGION_CURRENCY[region]) || DEFAULT_CURRENCY;
}
