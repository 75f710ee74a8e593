import { outputText, toStr } from '../../values';
import { numberFormat } from './number-formats';

/**
 * A small ICU-style message formatter for the commerce fragments' own strings (prices,
 * scarcity, variant labels): `{name}`, `{n plural one{..} other{# ..}}` (English plural
 * rules), `{x select a{..} other{..}}`, `{n number}` (locale digits); other argument types
 * print the value. Like every CLDR-backed formatter it prints nothing without locale data.
 * Merchants' localized strings reach it, so malformed patterns must never throw.
 */
export type MessageArgs = Readonly<Record<string, unknown>>;

/** Index of the `}` closing the `{` at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/** Split `key {body} key {body}` option lists. */
function options(text: string): Map<string, string> {
  const result = new Map<string, string>();
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const end = closing(text, open);
    if (end < 0) break;
    const key = text.slice(i, open).replace(/,/g, ' ').trim();
    if (key && !result.has(key)) result.set(key, text.slice(open + 1, end));
    i = end + 1;
  }
  return result;
}

function number(value: unknown, locale: string): string {
  const n = typeof value === 'number' ? value : Number(toStr(value) || Number.NaN);
  if (Number.isNaN(n)) return outputText(value);
  try {
    return numberFormat(locale, { maximumFractionDigits: 3, roundingMode: 'halfEven' }).format(n);
  } catch {
    return outputText(value);
  }
}

function argument(inner: string, args: MessageArgs, locale: string, hash: string | undefined): string {
  const m = /^\s*([^\s,{}]+)\s*,?\s*([a-z-]*)\s*,?\s*([\s\S]*)$/.exec(inner);
  if (!m) return '';
  const [, name = '', type = '', rest = ''] = m;
  const value = args[name];
  if (type === 'plural' || type === 'select') {
    const opts = options(rest);
    let body: string | undefined;
    if (type === 'plural') {
      const n = Number(typeof value === 'string' ? value : toStr(value) || Number.NaN);
      body = opts.get(`=${n}`) ?? (n === 1 ? opts.get('one') : undefined) ?? opts.get('other');
      return body === undefined ? '' : render(body, args, locale, outputText(value));
    }
    body = opts.get(toStr(value)) ?? opts.get('other');
    return body === undefined ? '' : render(body, args, locale, hash);
  }
  if (type === 'number' || type === 'decimal') return number(value, locale);
  return outputText(value);
}

/** Format `pattern` with named arguments; '' when `locale` is null (no locale data). */
export function formatMessage(pattern: string, args: MessageArgs, locale: string | null = 'en-US'): string {
  return locale === null ? '' : render(pattern, args, locale, undefined);
}

function render(pattern: string, args: MessageArgs, locale: string, hash: string | undefined): string {
  let result = '';
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === '{') {
      const end = closing(pattern, i);
      if (end < 0) {
        result += pattern.slice(i);
        break;
      }
      result += argument(pattern.slice(i + 1, end), args, locale, hash);
      i = end + 1;
      continue;
    }
    result += ch === '#' && hash !== undefined ? hash : ch;
    i++;
  }
  return result;
}
