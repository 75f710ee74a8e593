/**
 * Formatter arguments of the price blocks (`style:code`, `symbol:narrow`, `maxfrac:0`,
 * `no-group`, `round:floor` …) as Intl currency options. Unknown or invalid arguments are
 * ignored, as the platform ignores them.
 */
const STYLES: Readonly<Record<string, Intl.NumberFormatOptions>> = {
  symbol: {},
  standard: {},
  // CLDR's code style is the long-name pattern with the code in place of the name.
  code: { currencyDisplay: 'name' },
  name: { currencyDisplay: 'name' },
  accounting: { currencySign: 'accounting' },
  short: { notation: 'compact' },
};

type RoundingMode = NonNullable<Intl.NumberFormatOptions['roundingMode']>;

const ROUNDING: Readonly<Record<string, RoundingMode>> = {
  up: 'expand',
  down: 'trunc',
  truncate: 'trunc',
  ceiling: 'ceil',
  ceil: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

const DIGIT_OPTIONS: Readonly<Record<string, [keyof Intl.NumberFormatOptions, number, number]>> = {
  minint: ['minimumIntegerDigits', 1, 21],
  minInt: ['minimumIntegerDigits', 1, 21],
  minimumIntegerDigits: ['minimumIntegerDigits', 1, 21],
  maxfrac: ['maximumFractionDigits', 0, 100],
  maxFrac: ['maximumFractionDigits', 0, 100],
  maximumFractionDigits: ['maximumFractionDigits', 0, 100],
  minfrac: ['minimumFractionDigits', 0, 100],
  minFrac: ['minimumFractionDigits', 0, 100],
  minimumFractionDigits: ['minimumFractionDigits', 0, 100],
  maxsig: ['maximumSignificantDigits', 1, 21],
  maxSig: ['maximumSignificantDigits', 1, 21],
  maximumSignificantDigits: ['maximumSignificantDigits', 1, 21],
  minsig: ['minimumSignificantDigits', 1, 21],
  minSig: ['minimumSignificantDigits', 1, 21],
  minimumSignificantDigits: ['minimumSignificantDigits', 1, 21],
};

/** Whether the arguments ask for the code style (see `STYLES.code`). */
export function wantsCodeStyle(args: readonly string[]): boolean {
  let code = false;
  for (const arg of args)
    if (arg.startsWith('style:') && Object.hasOwn(STYLES, arg.slice(6))) code = arg === 'style:code';
  return code;
}

export function currencyOptions(currency: string, args: readonly string[]): Intl.NumberFormatOptions {
  const opts: Record<string, unknown> = {
    style: 'currency',
    currency,
    roundingMode: 'halfEven',
    // CLDR prints a value that rounds to zero without a minus sign.
    signDisplay: 'negative',
  };
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const key = colon < 0 ? arg : arg.slice(0, colon);
    const value = colon < 0 ? '' : arg.slice(colon + 1);
    if (key === 'style' && Object.hasOwn(STYLES, value)) Object.assign(opts, STYLES[value]);
    else if (key === 'symbol' && value === 'narrow') opts.currencyDisplay = 'narrowSymbol';
    else if (key === 'group' || key === 'grouping') opts.useGrouping = value === '' || value === 'true';
    else if (key === 'no-group' || key === 'no-grouping') opts.useGrouping = false;
    else if ((key === 'round' || key === 'rounding') && Object.hasOwn(ROUNDING, value)) {
      opts.roundingMode = ROUNDING[value];
    } else if (DIGIT_OPTIONS[key]) {
      const [name, min, max] = DIGIT_OPTIONS[key];
      const n = Number.parseInt(value, 10);
      if (!Number.isNaN(n)) opts[name] = Math.min(Math.max(n, min), max);
    }
  }
  // Intl rejects a minimum above the maximum; widen the maximum as CLDR does.
  const minFrac = opts.minimumFractionDigits as number | undefined;
  const maxFrac = opts.maximumFractionDigits as number | undefined;
  if (minFrac !== undefined && maxFrac !== undefined && minFrac > maxFrac)
    opts.maximumFractionDigits = minFrac;
  const minSig = opts.minimumSignificantDigits as number | undefined;
  const maxSig = opts.maximumSignificantDigits as number | undefined;
  if (minSig !== undefined && maxSig !== undefined && minSig > maxSig) opts.maximumSignificantDigits = minSig;
  return opts as Intl.NumberFormatOptions;
}
