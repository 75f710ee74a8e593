import { isObject, toNum } from '../../values';

/** Deep equality of JSON values (the `equal?` family). */
export function deepEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!deepEquals(a[i], b[i])) return false;
    return true;
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ob = b as Record<string, unknown>;
  for (const k of ka)
    if (!Object.hasOwn(ob, k) || !deepEquals((a as Record<string, unknown>)[k], ob[k])) return false;
  return true;
}

/** Own-key path descent: objects by key, arrays by integer index. */
export function descendPath(start: unknown, path: readonly (string | number)[]): unknown {
  let cur = start;
  for (const key of path) {
    if (Array.isArray(cur)) {
      if (typeof key !== 'number') return undefined;
      cur = cur[key];
    } else if (isObject(cur)) {
      if (!Object.hasOwn(cur, key)) return undefined;
      cur = cur[key];
    } else return undefined;
  }
  return cur;
}

const JSON_START = /^["\d[{]|^-\d|^(true|false|null)$/;

/** Predicate operands that look like JSON literals are literals; others are references. */
export function looksLikeJson(arg: string): boolean {
  return JSON_START.test(arg);
}

/** JSON-T number conversion for core formatters/predicates: like `toNum`, but unparsable strings are NaN. */
export function asNumber(value: unknown): number {
  if (typeof value === 'string')
    return value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
  return toNum(value);
}
