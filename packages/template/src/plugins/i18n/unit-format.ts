import type { CLDR, Decimal, UnitFormatOptions, UnitType } from '@phensley/cldr';
import type { Formatter, Predicate } from '../../plugin-api';
import { toStr } from '../../values';
import { cldrFor } from './cldr';
import { parseDecimal } from './decimal-value';
import { numberOption } from './options';
import { bestFit, convert, splitSequence } from './unit-convert';
import { compactSet, defaultSet, type System, unitName } from './unit-sets';
import { unitPattern } from './unit-patterns';
import { UNITS } from './unit-table';

/**
 * `{v|unit in:U [out:U[,U...]] [sequence:U,U...] [compact:SET] [format:narrow|short|long]}`:
 * convert a quantity and print it with the locale's unit patterns (the Java engine's unit
 * formatter). Defaults follow it: narrow patterns, at most one fraction digit, no grouping,
 * and with only `in:` the best-fitting unit of the locale's measurement system.
 */

interface UnitArgs {
  input?: string;
  outputs: string[];
  sequence: string[];
  compact?: string;
  length: 'narrow' | 'short' | 'long';
  number: Record<string, unknown>;
}

const LENGTHS = new Set(['narrow', 'short', 'long']);

function unitList(value: string): string[] {
  return value
    .split(',')
    .map(unitName)
    .filter((name): name is string => name !== undefined);
}

function parseArgs(args: readonly string[]): UnitArgs {
  const parsed: UnitArgs = { outputs: [], sequence: [], length: 'narrow', number: {} };
  let list: string[] | undefined;
  for (const arg of args) {
    const i = arg.indexOf(':');
    // Message arguments arrive split on commas too: `sequence:hour`, `minute`, `second`.
    const name = i === -1 ? unitName(arg) : undefined;
    if (list && name) {
      list.push(name);
      continue;
    }
    list = undefined;
    const key = i === -1 ? arg : arg.slice(0, i);
    const value = i === -1 ? '' : arg.slice(i + 1);
    switch (key) {
      case 'in':
      case 'input':
        parsed.input = unitName(value);
        break;
      case 'out':
      case 'output':
        parsed.outputs = unitList(value);
        list = parsed.outputs;
        break;
      case 'sequence':
        parsed.sequence = unitList(value);
        list = parsed.sequence;
        break;
      case 'compact':
        parsed.compact = value;
        break;
      case 'format':
      case 'length':
        if (LENGTHS.has(value)) parsed.length = value as UnitArgs['length'];
        break;
      default:
        numberOption(key, value, parsed.number);
    }
  }
  return parsed;
}

/** Measurement system for a category; the UK keeps miles and miles per gallon. */
export function systemFor(cldr: CLDR, category: string | undefined): System {
  const system = cldr.General.measurementSystem();
  if (system === 'us') return 'us';
  if (system === 'uk' && (category === 'length' || category === 'speed' || category === 'consumption')) {
    return 'us';
  }
  return 'metric';
}

type Part = { unit: string; value: Decimal };

function compute(cldr: CLDR, amount: Decimal, a: UnitArgs): Part[] | undefined {
  const target = a.sequence[0] ?? a.outputs[0];
  let input = a.input;
  if (!input) {
    // No input unit: the smallest unit of the locale's set for the requested output.
    const probe = target ?? compactSet(a.compact ?? '', 'metric')?.[0];
    if (!probe) return undefined;
    const set = defaultSet(probe, systemFor(cldr, UNITS[probe]?.category));
    input = set?.[set.length - 1] ?? probe;
  }
  const def = UNITS[input];
  const category = def?.category;
  const system = systemFor(cldr, category);
  if (a.sequence.length > 0) return splitSequence(amount, input, a.sequence);
  const single = (p: Part | undefined) => (p ? [p] : undefined);
  if (a.compact) {
    const set = compactSet(a.compact, system);
    return set ? single(bestFit(amount, input, set)) : undefined;
  }
  const [onlyOutput] = a.outputs;
  if (a.outputs.length === 1 && onlyOutput !== undefined) {
    const value = convert(amount, input, onlyOutput);
    return value === undefined ? undefined : [{ unit: onlyOutput, value }];
  }
  if (a.outputs.length > 1) return single(bestFit(amount, input, a.outputs));
  // Only an input unit: the best fit of the locale's units (bits are shown as bytes).
  const set = compactSet(category === 'digital' ? 'bytes' : (def?.set ?? category ?? ''), system);
  return set ? single(bestFit(amount, input, set)) : [{ unit: input, value: amount }];
}

function formatOptions(a: UnitArgs): UnitFormatOptions {
  const opts: Record<string, unknown> = { group: false, maximumFractionDigits: 1, ...a.number };
  const min = opts.minimumFractionDigits as number | undefined;
  if (min !== undefined && min > (opts.maximumFractionDigits as number)) opts.maximumFractionDigits = min;
  // An explicit maxfrac is a fixed number of digits in the Java engine (0.50986 → "0.510").
  if (a.number.maximumFractionDigits !== undefined && min === undefined) {
    opts.minimumFractionDigits = opts.maximumFractionDigits;
  }
  opts.length = a.length;
  return opts as UnitFormatOptions;
}

/** Format a quantity; undefined when the value or the units make no sense. */
export function unitText(cldr: CLDR, value: unknown, args: readonly string[]): string | undefined {
  const amount = parseDecimal(toStr(value));
  if (amount === undefined) return undefined;
  const a = parseArgs(args);
  const parts = compute(cldr, amount, a);
  if (!parts || parts.length === 0) return undefined;
  const opts = formatOptions(a);
  // Every part of a sequence but the last is a whole number: no fixed fraction digits there.
  const whole: UnitFormatOptions = { ...opts, minimumFractionDigits: 0, maximumFractionDigits: 0 };
  const tag = cldr.General.locale().id;
  return parts
    .map((p, i) => formatPart(cldr, tag, p, i < parts.length - 1 ? whole : opts, a.length))
    .join(' ');
}

/**
 * One quantity: the number formatted by CLDR 48 with the locale's symbols, put into the
 * CLDR 29 pattern for its plural category (what the Java engine printed); units that
 * release lacks use CLDR 48's own pattern.
 */
function formatPart(
  cldr: CLDR,
  tag: string,
  p: Part,
  opts: UnitFormatOptions,
  length: UnitArgs['length'],
): string {
  const plural = cldr.Numbers.getPluralCardinal(p.value, opts);
  const pattern = unitPattern(tag, p.unit, length, plural);
  if (pattern === undefined) {
    return javaSpacing(cldr.Units.formatQuantityToParts({ value: p.value, unit: p.unit as UnitType }, opts));
  }
  const { length: _length, ...numberOpts } = opts;
  const number = javaSpacing(cldr.Numbers.formatDecimalToParts(p.value, numberOpts));
  return pattern.replace('{0}', number);
}

/**
 * The Java engine's CLDR predates v34: groups were separated by U+00A0 where CLDR now has
 * U+202F, and unit patterns used plain spaces where CLDR now has no-break ones.
 */
function javaSpacing(parts: readonly { type: string; value: string }[]): string {
  let out = '';
  for (const part of parts) {
    if (part.type === 'group') out += part.value.replace(/\u202f/g, '\u00a0');
    else if (part.type === 'literal') out += part.value.replace(/[\u00a0\u202f]/g, ' ');
    else out += part.value;
  }
  return out;
}

/** The `unit` argument type of `message` patterns: empty when it cannot format. */
export function formatUnit(cldr: CLDR, value: unknown, args: readonly string[]): string {
  return unitText(cldr, value, args) ?? '';
}

/**
 * `{.units-metric? CATEGORY}`: does the locale measure this category (mass, length, ...) in
 * metric units? The Java engine's rule; true without locale data, as there.
 */
export const unitsMetric: Predicate = (args, ctx) => {
  const cldr = cldrFor(ctx.locale);
  return cldr === null || systemFor(cldr, args[0]) === 'metric';
};

export const unit: Formatter = (value, args, ctx) => {
  const cldr = cldrFor(ctx.locale);
  if (!cldr) return '';
  return unitText(cldr, value, args) ?? value;
};
