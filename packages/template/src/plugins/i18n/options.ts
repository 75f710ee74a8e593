import type {
  CalendarType,
  CurrencyFormatOptions,
  DateFormatOptions,
  DateIntervalFormatOptions,
  DecimalFormatOptions,
  RelativeTimeFormatOptions,
} from '@phensley/cldr';

/**
 * Parsing of formatter arguments (`key:value` or bare words) into @phensley/cldr option
 * objects, with the argument vocabulary of the reference engine.
 */

// Keeps absurd digit counts from blowing up the formatter.
const CLAMP_MAX = 50;

const DECIMAL_STYLES = new Set([
  'decimal',
  'short',
  'long',
  'scientific',
  'percent',
  'percent-scaled',
  'permille',
  'permille-scaled',
]);
const CURRENCY_STYLES = new Set(['symbol', 'accounting', 'code', 'name', 'short']);
const SYMBOL_WIDTHS = new Set(['default', 'narrow']);
const ROUNDING = new Set(['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even']);
const WIDTHS = new Set(['short', 'medium', 'long', 'full']);
const CONTEXTS = new Set(['middle-of-text', 'begin-sentence', 'standalone', 'ui-list-or-menu']);
const FIELDS = new Set(['year', 'month', 'week', 'day', 'hour', 'minute', 'second', 'millis']);
const FIELD_WIDTHS = new Set(['short', 'narrow', 'wide']);
const CALENDARS = new Set(['buddhist', 'gregory', 'iso8601', 'persian', 'japanese']);

type Options = Record<string, unknown>;

/** Split `key:value`; a bare word has an empty value. */
function eachOption(args: readonly string[], fn: (key: string, value: string) => void): void {
  for (const arg of args) {
    const i = arg.indexOf(':');
    if (i === -1) fn(arg, '');
    else fn(arg.slice(0, i), arg.slice(i + 1));
  }
}

function digits(value: string): number {
  const n = Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return 0;
  return Math.min(Math.max(n, 0), CLAMP_MAX);
}

/** Options shared by every number-based formatter. Returns false when the key is unknown. */
export function numberOption(key: string, value: string, opts: Options): boolean {
  switch (key) {
    case 'group':
    case 'grouping':
      opts.group = value === '' || value === 'true';
      return true;
    case 'no-group':
    case 'no-grouping':
      opts.group = false;
      return true;
    case 'round':
    case 'rounding':
      if (value === 'ceil') opts.round = 'ceiling';
      else if (value === 'truncate') opts.round = 'down';
      else if (ROUNDING.has(value)) opts.round = value;
      return true;
    case 'minint':
    case 'minInt':
    case 'minimumIntegerDigits':
      opts.minimumIntegerDigits = digits(value);
      return true;
    case 'maxfrac':
    case 'maxFrac':
    case 'maximumFractionDigits':
      opts.maximumFractionDigits = digits(value);
      return true;
    case 'minfrac':
    case 'minFrac':
    case 'minimumFractionDigits':
      opts.minimumFractionDigits = digits(value);
      return true;
    case 'maxsig':
    case 'maxSig':
    case 'maximumSignificantDigits':
      opts.maximumSignificantDigits = digits(value);
      return true;
    case 'minsig':
    case 'minSig':
    case 'minimumSignificantDigits':
      opts.minimumSignificantDigits = digits(value);
      return true;
    default:
      return false;
  }
}

export function decimalOptions(args: readonly string[]): DecimalFormatOptions {
  const opts: Options = {};
  eachOption(args, (key, value) => {
    if (key !== 'style') numberOption(key, value, opts);
    else if (DECIMAL_STYLES.has(value)) opts.style = value;
    else if (value === 'standard') opts.style = 'decimal';
  });
  return opts as DecimalFormatOptions;
}

export function currencyOptions(args: readonly string[]): CurrencyFormatOptions {
  const opts: Options = {};
  eachOption(args, (key, value) => {
    if (key === 'style') {
      if (CURRENCY_STYLES.has(value)) opts.style = value;
      else if (value === 'standard') opts.style = 'symbol';
    } else if (key === 'symbol') {
      if (SYMBOL_WIDTHS.has(value)) opts.symbolWidth = value;
    } else numberOption(key, value, opts);
  });
  return opts as CurrencyFormatOptions;
}

function calendar(value: string): CalendarType | undefined {
  if (value === 'gregorian') return 'gregory';
  return CALENDARS.has(value) ? (value as CalendarType) : undefined;
}

function addSkeleton(opts: Options, fields: string): void {
  opts.skeleton = opts.skeleton === undefined ? fields : `${opts.skeleton}${fields}`;
}

/** `datetime` options: widths, `date:`/`time:` widths or skeleton fragments, calendar, wrap. */
export function datetimeOptions(args: readonly string[]): DateFormatOptions {
  const opts: Options = {};
  eachOption(args, (key, value) => {
    if (value === '') {
      if (key === 'date' || key === 'time') opts[key] = 'short';
      else if (WIDTHS.has(key)) opts.datetime = key;
      else addSkeleton(opts, key);
      return;
    }
    switch (key) {
      case 'calendar':
        opts.ca = calendar(value);
        break;
      case 'context':
        if (CONTEXTS.has(value)) opts.context = value;
        break;
      case 'date':
      case 'time':
      case 'datetime':
        if (WIDTHS.has(value)) opts[key] = value;
        else addSkeleton(opts, value);
        break;
      case 'skeleton':
        opts.skeleton = value;
        break;
      case 'wrap':
      case 'wrapper':
      case 'wrapped':
        if (WIDTHS.has(value)) opts.wrap = value;
        break;
    }
  });
  if (!opts.ca) opts.ca = 'gregory';
  return opts as DateFormatOptions;
}

/** `datetime-interval` options: a bare word is the skeleton. */
export function intervalOptions(args: readonly string[]): DateIntervalFormatOptions {
  const opts: Options = {};
  eachOption(args, (key, value) => {
    if (value === '') {
      if (key && !['context', 'skeleton', 'date', 'time'].includes(key)) opts.skeleton = key;
      return;
    }
    if (key === 'context') {
      if (CONTEXTS.has(value)) opts.context = value;
    } else if (key === 'skeleton' || key === 'date' || key === 'time') opts[key] = value;
  });
  if (!opts.ca) opts.ca = 'gregory';
  return opts as DateIntervalFormatOptions;
}

export function relativeTimeOptions(args: readonly string[]): RelativeTimeFormatOptions {
  const opts: Options = {};
  eachOption(args, (key, value) => {
    switch (key) {
      case 'context':
        if (CONTEXTS.has(value)) opts.context = value;
        break;
      case 'dayOfWeek':
      case 'numericOnly':
      case 'allowWeeks':
      case 'alwaysNow':
        opts[key] = value === 'true';
        break;
      case 'field':
        if (FIELDS.has(value)) opts.field = value;
        break;
      case 'width':
        if (FIELD_WIDTHS.has(value)) opts.width = value;
        break;
      default:
        numberOption(key, value, opts);
    }
  });
  if (!opts.ca) opts.ca = 'gregory';
  return opts as RelativeTimeFormatOptions;
}
