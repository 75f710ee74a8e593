import { CommerceError } from '../messages/money';

/** The 27 store currencies of spec §3. */
export const CURRENCY_CODES = [
  'EUR',
  'USD',
  'AUD',
  'NOK',
  'CAD',
  'NZD',
  'DKK',
  'GBP',
  'HKD',
  'CHF',
  'MXN',
  'SGD',
  'SEK',
  'CZK',
  'ILS',
  'PHP',
  'RUB',
  'PLN',
  'THB',
  'MYR',
  'ARS',
  'BRL',
  'COP',
  'IDR',
  'INR',
  'JPY',
  'ZAR',
] as const;

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** How one currency is displayed (spec §3 "Display template"). */
export interface CurrencyInfo {
  code: CurrencyCode;
  /** Digits after the decimal point: 2, except JPY 0. */
  minorDigits: number;
  symbol: string;
  /** DKK, NOK, SEK, CZK, RUB and PLN place the symbol after the value. */
  symbolAfter: boolean;
  thousandsSeparator: string;
  decimalSeparator: string;
}

/** The spec names which currencies put the symbol after the value; those also group the European way. */
const SYMBOL_AFTER: ReadonlySet<string> = new Set(['DKK', 'NOK', 'SEK', 'CZK', 'RUB', 'PLN']);

// Symbols: the spec only says they differ per currency; these are the common English-locale ones,
// prefixed where a bare "$" would be ambiguous.
const SYMBOLS: Record<CurrencyCode, string> = {
  EUR: '€',
  USD: '$',
  AUD: 'A$',
  NOK: 'kr',
  CAD: 'CA$',
  NZD: 'NZ$',
  DKK: 'kr',
  GBP: '£',
  HKD: 'HK$',
  CHF: 'CHF',
  MXN: 'MX$',
  SGD: 'S$',
  SEK: 'kr',
  CZK: 'Kč',
  ILS: '₪',
  PHP: '₱',
  RUB: '₽',
  PLN: 'zł',
  THB: '฿',
  MYR: 'RM',
  ARS: 'ARS$',
  BRL: 'R$',
  COP: 'COL$',
  IDR: 'Rp',
  INR: '₹',
  JPY: '¥',
  ZAR: 'R',
};

/** Display data for every supported currency, keyed by code. */
export const CURRENCIES: Readonly<Record<CurrencyCode, CurrencyInfo>> = Object.fromEntries(
  CURRENCY_CODES.map((code) => {
    const after = SYMBOL_AFTER.has(code);
    const info: CurrencyInfo = {
      code,
      minorDigits: code === 'JPY' ? 0 : 2,
      symbol: SYMBOLS[code],
      symbolAfter: after,
      thousandsSeparator: after ? '.' : ',',
      decimalSeparator: after ? ',' : '.',
    };
    return [code, Object.freeze(info)];
  }),
) as Record<CurrencyCode, CurrencyInfo>;

/** The store currency when none is selected (spec §3). */
export const DEFAULT_CURRENCY: CurrencyCode = 'USD';

/**
 * True when `code` is one of the 27 supported currency codes.
 *
 * @example
 * isCurrencyCode('SEK'); // true
 * isCurrencyCode('XYZ'); // false
 */
export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.hasOwn(CURRENCIES, code);
}

/**
 * Display data for a currency; throws `CommerceError('UNSUPPORTED_CURRENCY')` for unknown codes.
 *
 * @example
 * currencyInfo('JPY').minorDigits; // 0
 */
export function currencyInfo(code: string): CurrencyInfo {
  if (!isCurrencyCode(code)) throw new CommerceError('UNSUPPORTED_CURRENCY');
  return CURRENCIES[code];
}

/**
 * Minor-unit digits of a currency code, case-insensitive; 2 for codes outside the table
 * (template data may name any ISO code, and most of them have two).
 *
 * @example
 * currencyDigits('jpy'); // 0
 */
export function currencyDigits(code: string): number {
  const upper = code.toUpperCase();
  return isCurrencyCode(upper) ? CURRENCIES[upper].minorDigits : 2;
}
