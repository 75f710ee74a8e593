import type { Formatter } from '../../plugin-api';
import { toStr } from '../../values';
import { cldrFor, cldrLib } from './cldr';
import { moneyParts, parseDecimal } from './decimal-value';

/**
 * `{m|i18n-money-format LOCALE}`: the Java engine's legacy money format. It predates the CLDR
 * currency formats: fixed symbols (`A$`, `C$`, `kr`), symbol before the number for English
 * style locales, after it elsewhere, and the old no-break space (U+00A0) as group separator.
 */

const SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CNY: '¥',
  AUD: 'A$',
  CAD: 'C$',
  NZD: 'NZ$',
  HKD: 'HK$',
  SGD: 'S$',
  MXN: 'MX$',
  BRL: 'R$',
  INR: '₹',
  KRW: '₩',
  ILS: '₪',
  SEK: 'kr',
  NOK: 'kr',
  DKK: 'kr',
  ISK: 'kr',
  CHF: 'CHF',
  PLN: 'zł',
  CZK: 'Kč',
  RUB: '₽',
  ZAR: 'R',
};

/** Languages (or full tags) writing the symbol first: `$1,234.56`. */
const PREFIX = new Set(['en', 'es-US', 'es-MX', 'ja', 'zh', 'ko', 'he', 'th', 'pt-BR']);

interface Separators {
  readonly group: string;
  readonly decimal: string;
}

const COMMA_DOT: Separators = { group: ',', decimal: '.' };
const DOT_COMMA: Separators = { group: '.', decimal: ',' };
const SPACE_COMMA: Separators = { group: '\u00a0', decimal: ',' };
const SEPARATORS: Record<string, Separators> = {
  de: DOT_COMMA,
  es: DOT_COMMA,
  it: DOT_COMMA,
  nl: DOT_COMMA,
  pt: DOT_COMMA,
  da: DOT_COMMA,
  id: DOT_COMMA,
  tr: DOT_COMMA,
  fr: SPACE_COMMA,
  sv: SPACE_COMMA,
  nb: SPACE_COMMA,
  no: SPACE_COMMA,
  fi: SPACE_COMMA,
  pl: SPACE_COMMA,
  cs: SPACE_COMMA,
  sk: SPACE_COMMA,
  ru: SPACE_COMMA,
  uk: SPACE_COMMA,
};

function parseTag(tag: string): { language: string; full: string } {
  const parts = tag.trim().split(/[-_]/);
  const language = (parts[0] ?? '').toLowerCase();
  const region = (parts[1] ?? '').toUpperCase();
  return { language, full: region ? `${language}-${region}` : language };
}

function separatorsFor(language: string, full: string): Separators {
  if (PREFIX.has(full) || PREFIX.has(language)) return COMMA_DOT;
  return SEPARATORS[language] ?? COMMA_DOT;
}

/** Format `amount` (decimal text) in `currency` for the locale `tag`; undefined if invalid. */
export function legacyMoney(amount: string, currency: string, tag: string): string | undefined {
  const num = parseDecimal(amount);
  const en = cldrFor('en');
  if (num === undefined || !en) return undefined;
  const code = currency.toUpperCase();
  let digits = 2;
  try {
    digits = cldrLib().getCurrencyFractions(code).digits;
  } catch {
    // unknown currency: two decimals
  }
  const text = en.Numbers.formatDecimal(num.abs(), {
    group: true,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    round: 'half-even',
  });
  const { language, full } = parseTag(tag);
  const seps = separatorsFor(language, full);
  const local = text.replace(/[,.]/g, (c) => (c === ',' ? seps.group : seps.decimal));
  const negative = num.isNegative() && !num.isZero();
  const sign = negative ? '-' : '';
  const symbol = SYMBOLS[code] ?? code;
  const alphabetic = /^[A-Za-z]+$/.test(symbol);
  if (PREFIX.has(full) || PREFIX.has(language)) {
    // Letter symbols are kept apart from the number and keep the sign next to the digits.
    return alphabetic ? `${symbol} ${sign}${local}` : `${sign}${symbol}${local}`;
  }
  return `${sign}${local}${symbol.length > 1 ? ' ' : ''}${symbol}`;
}

export const i18nMoneyFormat: Formatter = (value, args, ctx) => {
  const parts = moneyParts(value);
  if (!parts) return value;
  const tag = args[0] || ctx.locale;
  if (!tag) return '';
  return legacyMoney(toStr(parts.amount), parts.currency, tag) ?? '';
};
