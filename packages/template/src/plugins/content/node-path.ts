import { isObject } from '../../values';

/**
 * Reads a property the way the template language descends into data: own keys of
 * objects and integer indexes of arrays only; anything else is missing (`undefined`).
 */
export function prop(value: unknown, key: string | number): unknown {
  if (Array.isArray(value)) {
    const i = typeof key === 'number' ? key : Number(key);
    return Number.isInteger(i) && i >= 0 && i < value.length ? value[i] : undefined;
  }
  if (isObject(value) && typeof key === 'string' && Object.hasOwn(value, key)) return value[key];
  return undefined;
}

/** Descends through several keys; missing as soon as one step is missing. */
export function path(value: unknown, ...keys: (string | number)[]): unknown {
  let cur = value;
  for (const key of keys) {
    cur = prop(cur, key);
    if (cur === undefined) return undefined;
  }
  return cur;
}

/** Jackson-style `asInt()`: numbers truncated, numeric strings parsed, booleans 1/0, else 0. */
export function asInt(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const n = Number.parseInt(value.trim(), 10);
    return Number.isNaN(n) ? 0 : n;
  }
  return 0;
}
