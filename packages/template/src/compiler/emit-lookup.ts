import type { Path } from '../parser/nodes';
import { type Frame, descend, resolveName, resolveProperty } from '../runtime/frame';

/**
 * Generated source for variable lookups, with each property read written into the code.
 *
 * `resolveProperty(name, ...)` reads `node[name]` with a name that varies per call, so V8
 * sees every data shape of the page at one site (a megamorphic load). Written as `$n.title`
 * in the generated block, each reference gets its own inline cache, which sees the one or
 * two shapes its data has. The fast path covers the common case (the value is on the first
 * object it could come from); everything else goes through the same functions as
 * before, so results are identical. Expressions use the temporaries `$n` and `$x`,
 * declared by the generated block (see LOOKUP_TEMPS).
 */

export const LOOKUP_TEMPS = 'let $n, $x;';

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `.name` when it is an identifier, else `["name"]`. */
function access(name: string): string {
  return IDENT.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`;
}

/** One descent step: an own key of a plain object, an index of an array. */
export function descendStep(cur: unknown, key: string | number): unknown {
  return descend(cur, [key], 0);
}

/**
 * `resolvePath([name], frame)` for a variable (`@url`): the first scope that defines it, not
 * looking past a private one. Skips the name tests `resolveName` makes on every scope.
 */
export function resolveVariable(name: string, frame: Frame): unknown {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    if (f.vars !== null) {
      const value = f.vars.get(name);
      if (value !== undefined) return value;
    }
    if (f.stop) return undefined;
  }
  return undefined;
}

/** The helpers the generated lookups call, in the order of LOOKUP_HELPER_NAMES. */
export const LOOKUP_HELPERS: readonly unknown[] = [
  descendStep,
  resolveProperty,
  resolveName,
  resolveVariable,
  Object.hasOwn,
];
export const LOOKUP_HELPER_NAMES: readonly string[] = ['D1', 'RP', 'RN', 'RV', 'HO'];

/**
 * Descend `prev` (an expression) by the segments of `path` from `from`. A string key is read
 * inline when the value is an object (not an array) with that own property and the read
 * gives a non-function; anything else (an inherited getter such as a Map's `size`,
 * numeric keys, missing keys) asks `descend` itself.
 */
function descendCode(prev: string, path: Path, from: number, k: (value: unknown) => string): string {
  let code = prev;
  for (let i = from; i < path.length; i++) {
    const key = path[i] as string | number;
    if (typeof key === 'number' || key === '__proto__') {
      code = `D1(${code}, ${k(key)})`;
      continue;
    }
    const name = JSON.stringify(key);
    code = `(($n = ${code}) !== null && typeof $n === 'object' && ($x = $n${access(key)}) !== undefined && typeof $x !== 'function' && !Array.isArray($n) && HO($n, ${name}) ? $x : D1($n, ${name}))`;
  }
  return code;
}

/** A plain property name as first segment (not `@…`, not an index). */
function isPlainName(first: unknown): first is string {
  return typeof first === 'string' && first.length > 0 && first.charCodeAt(0) !== 64 && first !== '__proto__';
}

/**
 * `resolvePath(path, frame)` as an expression (`frame` is an expression naming a Frame, cheap
 * to repeat), or null for paths without a fast form (`@index`, numbers).
 */
export function lookupCode(path: Path, frame: string, k: (value: unknown) => string): string | null {
  const first = path[0];
  if (first === '@') return descendCode(`${frame}.node`, path, 1, k);
  if (typeof first === 'string' && first.startsWith('@') && first !== '@index' && first !== '@index0') {
    return descendCode(`RV(${JSON.stringify(first)}, ${frame})`, path, 1, k);
  }
  if (!isPlainName(first)) return null;
  // The first segment walks up the scopes: inline only the read on the innermost one.
  const head = `(($n = ${frame}.node) !== null && typeof $n === 'object' && ($x = $n${access(first)}) !== undefined && typeof $x !== 'function' && !Array.isArray($n) ? $x : RP(${JSON.stringify(first)}, ${k([first])}, ${frame}))`;
  return descendCode(head, path, 1, k);
}

/** `resolveSection(path, frame)` as an expression: the first segment is read on `frame` only. */
export function sectionLookupCode(path: Path, frame: string, k: (value: unknown) => string): string | null {
  const first = path[0];
  if (first === '@') return descendCode(`${frame}.node`, path, 1, k);
  if (!isPlainName(first)) return null;
  const head = `(($n = ${frame}.node) !== null && typeof $n === 'object' && !Array.isArray($n) ? (typeof ($x = $n${access(first)}) === 'function' ? undefined : $x) : RN(${JSON.stringify(first)}, ${frame}))`;
  return descendCode(head, path, 1, k);
}
