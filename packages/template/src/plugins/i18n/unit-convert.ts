import type { Decimal } from '@phensley/cldr';
import { cldrLib } from './cldr';
import { UNITS, type UnitDef } from './unit-table';

// Enough digits that chained conversions (light years to miles) stay exact when printed.
const CONTEXT = { precision: 40 };
// Results are rounded a few digits short of that so division noise (0.99999...984 for 1)
// cannot turn a whole unit of a sequence into zero.
const RESULT = { precision: 32 };

function dec(text: string): Decimal {
  return new (cldrLib().Decimal)(text);
}

function toBase(value: Decimal, def: UnitDef): Decimal | undefined {
  const den = def.den ?? '1';
  if (def.inverse) {
    if (value.isZero()) return undefined;
    return dec(def.num).divide(value.multiply(den, CONTEXT), CONTEXT);
  }
  return value
    .add(def.offset ?? '0')
    .multiply(def.num, CONTEXT)
    .divide(den, CONTEXT);
}

function fromBase(base: Decimal, def: UnitDef): Decimal | undefined {
  const den = def.den ?? '1';
  if (def.inverse) {
    if (base.isZero()) return undefined;
    return dec(def.num).divide(base.multiply(den, CONTEXT), CONTEXT);
  }
  return base
    .multiply(den, CONTEXT)
    .divide(def.num, CONTEXT)
    .subtract(def.offset ?? '0');
}

/** Convert `value` between two units of one category; undefined across categories. */
export function convert(value: Decimal, from: string, to: string): Decimal | undefined {
  const a = UNITS[from];
  const b = UNITS[to];
  if (!a || !b || a.category !== b.category) return undefined;
  if (from === to) return value;
  const base = toBase(value, a);
  return base === undefined ? undefined : fromBase(base, b)?.multiply(1, RESULT);
}

/** The unit of `set` (largest first) whose magnitude is at least 1, else the smallest. */
export function bestFit(
  value: Decimal,
  from: string,
  set: readonly string[],
): { unit: string; value: Decimal } | undefined {
  let last: { unit: string; value: Decimal } | undefined;
  for (const unit of set) {
    const v = convert(value, from, unit);
    if (v === undefined) continue;
    last = { unit, value: v };
    if (v.abs().compare(1) >= 0) return last;
  }
  return last;
}

/**
 * Split `value` over `units` (largest first): whole numbers for every unit but the last,
 * which keeps the fraction. Zero parts are dropped; the sign goes on the first part.
 */
export function splitSequence(
  value: Decimal,
  from: string,
  units: readonly string[],
): { unit: string; value: Decimal }[] | undefined {
  const negative = value.isNegative();
  let rest: Decimal | undefined = value.abs();
  let restUnit = from;
  const parts: { unit: string; value: Decimal }[] = [];
  units.forEach((unit, i) => {
    if (rest === undefined) return;
    const v = convert(rest, restUnit, unit);
    if (v === undefined) {
      rest = undefined;
      return;
    }
    if (i === units.length - 1) {
      if (!v.isZero() || parts.length === 0) parts.push({ unit, value: v });
      return;
    }
    const whole = v.toInteger();
    if (!whole.isZero()) parts.push({ unit, value: whole });
    rest = v.subtract(whole);
    restUnit = unit;
  });
  if (rest === undefined) return undefined;
  const [first] = parts;
  if (negative && first) parts[0] = { unit: first.unit, value: first.value.negate() };
  return parts;
}
