import type { Predicate, RenderContext } from '../../plugin-api';
import { isTruthy, toBool, toStr } from '../../values';
import { asNumber, deepEquals, looksLikeJson } from './json-values';

const NOT_LITERAL = Symbol('reference');
// Literal operands are parsed once per distinct text, not on every test.
const literals = new Map<string, unknown>();

function literal(arg: string): unknown {
  // JSON.parse never yields undefined, so undefined means "not cached yet".
  const cached = literals.get(arg);
  if (cached !== undefined) return cached;
  let value: unknown = NOT_LITERAL;
  if (looksLikeJson(arg)) {
    try {
      value = JSON.parse(arg);
    } catch {
      // Not valid JSON after all: a reference.
    }
  }
  if (literals.size < 10_000) literals.set(arg, value);
  return value;
}

/** Operand: a JSON literal when it looks like one and parses, else a reference. */
function operand(arg: string, ctx: RenderContext): unknown {
  const value = literal(arg);
  return value === NOT_LITERAL ? ctx.resolve(arg) : value;
}

/** With one argument compare the current node with it, with two compare the two. */
const binary =
  (test: (a: unknown, b: unknown) => boolean): Predicate =>
  (args, ctx) => {
    if (args.length === 0) return false;
    // Missing compares like null, as in JSON-T.
    const a = operand(args[0] as string, ctx) ?? null;
    if (args.length === 1) return test(ctx.node ?? null, a);
    return test(a, operand(args[1] as string, ctx) ?? null);
  };

/** Compare by the left operand's type: numbers, strings, booleans; others by equality. */
function compare(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const n = asNumber(b);
      return a < n ? -1 : a === n ? 0 : 1;
    }
    case 'string': {
      const s = toStr(b);
      return a < s ? -1 : a === s ? 0 : 1;
    }
    case 'boolean': {
      const x = toBool(b);
      return a === x ? 0 : a ? 1 : -1;
    }
    default:
      return deepEquals(a, b) ? 0 : -1;
  }
}

const parity =
  (remainder: number): Predicate =>
  (args, ctx) => {
    const v = args.length >= 1 ? ctx.resolve(args[0] as string) : ctx.node;
    return typeof v === 'number' && Math.abs(v) % 2 === remainder;
  };

const isInteger = (n: unknown): n is number => typeof n === 'number' && Math.floor(n) === n;

/** The core predicates of JSON-T (FEATURES.md §5 "core"). */
export const corePredicates: Record<string, Predicate> = {
  'debug?': (_args, ctx) => isTruthy(ctx.resolve('debug')),
  'equal?': binary(deepEquals),
  'notEqual?': binary((a, b) => !deepEquals(a, b)),
  'greaterThan?': binary((a, b) => compare(a, b) > 0),
  'greaterThanOrEqual?': binary((a, b) => compare(a, b) >= 0),
  'lessThan?': binary((a, b) => compare(a, b) < 0),
  'lessThanOrEqual?': binary((a, b) => compare(a, b) <= 0),
  'even?': parity(0),
  'odd?': parity(1),
  'nth?'(args, ctx) {
    if (args.length === 0) return false;
    const ops = args.map((a) => operand(a, ctx));
    const [n, m] = args.length >= 2 ? [ops[0], ops[1]] : [ctx.node, ops[0]];
    if (!isInteger(n) || !isInteger(m) || m === 0) return false;
    return Math.abs(n) % Math.abs(m) === 0;
  },
  'plural?': (_args, ctx) => asNumber(ctx.node) > 1,
  'singular?': (_args, ctx) => asNumber(ctx.node) === 1,
};
