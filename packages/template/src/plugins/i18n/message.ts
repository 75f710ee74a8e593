import type { CLDR, Decimal, MessageFormatFuncMap, MessageFormatter } from '@phensley/cldr';
import type { Formatter, RenderContext } from '../../plugin-api';
import { isObject, toStr } from '../../values';
import { cldrFor, cldrLib } from './cldr';
import { moneyParts, numberOf, parseDecimal } from './decimal-value';
import { currencyOptions, datetimeOptions, decimalOptions, intervalOptions } from './options';
import { formatUnit } from './unit-format';

/** Per-locale message formatter plus the zone the date arguments use on this call. */
interface Entry {
  readonly formatter: MessageFormatter;
  zoneId: string;
}

const entries = new Map<CLDR, Map<string, Entry>>();

// Values whose categories tell a language's rules apart from CLDR's root rules ("other" only).
const PROBES = ['0', '1', '2', '3', '5', '11', '21', '101', '0.5', '1.0', '1000000'];

/**
 * The language whose plural rules select `plural`/`selectordinal` branches. The pattern is
 * written in the requested language, so its categories must be that language's even when
 * the library has no language pack for it (Maltese, Breton, ...) and numbers and names
 * fall back to English: @phensley/plurals carries the rules of every CLDR language.
 */
function pluralLanguage(cldr: CLDR, locale: string): { language: string; region: string } {
  const bundle = cldr.General.bundle();
  const [lang = '', region = ''] = locale.replace(/_/g, '-').toLowerCase().split('-');
  if (lang === bundle.language() || !/^[a-z]{2,3}$/.test(lang)) {
    return { language: bundle.language(), region: bundle.region() };
  }
  const rules = cldrLib().pluralRules.get(lang, region.toUpperCase());
  const known = PROBES.some((n) => rules.cardinal(n) !== 'other' || rules.ordinal(n) !== 'other');
  return known
    ? { language: lang, region: region.toUpperCase() }
    : { language: bundle.language(), region: bundle.region() };
}

/** The amount of a money object, else the value itself. */
function unwrapMoney(arg: unknown): unknown {
  if (!isObject(arg)) return arg;
  if (arg.decimalValue !== undefined) return arg.decimalValue;
  if (arg.value !== undefined) return arg.value;
  return arg;
}

function makeConverter() {
  const { DefaultMessageArgConverter } = cldrLib();
  return new (class extends DefaultMessageArgConverter {
    override asDecimal(arg: unknown): Decimal {
      const { DecimalConstants } = cldrLib();
      const v = unwrapMoney(arg);
      if (typeof v === 'boolean') return v ? DecimalConstants.ONE : DecimalConstants.ZERO;
      if (typeof v !== 'string' && typeof v !== 'number') return DecimalConstants.ZERO;
      return parseDecimal(String(v)) ?? DecimalConstants.ZERO;
    }

    override asString(arg: unknown): string {
      // The plural `#` substitution hands back the Decimal it computed.
      if (arg instanceof cldrLib().Decimal) return arg.toString();
      return toStr(unwrapMoney(arg));
    }
  })();
}

function makeFormatters(cldr: CLDR, entry: () => Entry): MessageFormatFuncMap {
  const currency = (args: unknown[], options: string[]): string => {
    const parts = moneyParts(args[0]);
    if (!parts) return '';
    const num = parseDecimal(toStr(parts.amount));
    if (num === undefined) return '';
    return cldr.Numbers.formatCurrency(num, parts.currency as never, currencyOptions(options));
  };
  const number = (args: unknown[], options: string[]): string => {
    if (args.length === 0 || args[0] === undefined) return '';
    const num = parseDecimal(toStr(unwrapMoney(args[0]))) ?? cldrLib().DecimalConstants.ZERO;
    return cldr.Numbers.formatDecimal(num, decimalOptions(options));
  };
  return {
    money: currency,
    currency,
    number,
    decimal: number,
    datetime: (args, options) => {
      if (args.length === 0 || args[0] === undefined) return '';
      const epoch = numberOf(args[0]);
      if (!Number.isFinite(epoch)) return '';
      return cldr.Calendars.formatDate({ date: epoch, zoneId: entry().zoneId }, datetimeOptions(options));
    },
    'datetime-interval': (args, options) => {
      if (args.length < 2 || args[0] === undefined || args[1] === undefined) return '';
      const zoneId = entry().zoneId;
      return cldr.Calendars.formatDateInterval(
        { date: numberOf(args[0]), zoneId },
        { date: numberOf(args[1]), zoneId },
        intervalOptions(options),
      );
    },
    unit: (args, options) => (args.length === 0 ? '' : formatUnit(cldr, args[0], options)),
  };
}

function entryFor(cldr: CLDR, locale: string): Entry {
  let byLocale = entries.get(cldr);
  if (!byLocale) {
    byLocale = new Map();
    entries.set(cldr, byLocale);
  }
  let entry = byLocale.get(locale);
  if (!entry) {
    const { language, region } = pluralLanguage(cldr, locale);
    const { MessageFormatter: Impl } = cldrLib();
    const created: Entry = {
      zoneId: 'America/New_York',
      formatter: new Impl({
        cacheSize: 100,
        converter: makeConverter(),
        formatters: makeFormatters(cldr, () => created),
        language,
        region,
      }),
    };
    entry = created;
    if (byLocale.size < 100) byLocale.set(locale, entry);
  }
  return entry;
}

/** `key:ref` and `key=ref` name an argument (it also takes the next position). */
function splitNamed(arg: string): [string, string] | undefined {
  const i = arg.search(/[:=]/);
  return i === -1 ? undefined : [arg.slice(0, i), arg.slice(i + 1)];
}

function resolveArgs(args: readonly string[], ctx: RenderContext) {
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const arg of args) {
    const pair = splitNamed(arg);
    // Arguments name variables of the scope around the tag, not of the message text itself.
    const ref = pair ? pair[1] : arg;
    const value = ctx.resolveInScope ? ctx.resolveInScope(ref) : ctx.resolve(ref);
    if (pair) named[pair[0]] = value;
    positional.push(value);
  }
  return { positional, named };
}

/** `{pattern|message ARG ... key:ref ...}` (alias `plural`): ICU-style message formatting. */
export const message: Formatter = (value, args, ctx) => {
  const cldr = cldrFor(ctx.locale);
  if (!cldr) return '';
  const entry = entryFor(cldr, ctx.locale as string);
  entry.zoneId = ctx.timeZone;
  const { positional, named } = resolveArgs(args, ctx);
  return entry.formatter.format(toStr(value), positional, named);
};
