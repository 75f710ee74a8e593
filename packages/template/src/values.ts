/**
 * Value conversions shared by the executor, formatters and predicates (FEATURES.md §1).
 * `undefined` is the "missing" value.
 */

/** Truthiness used by sections, `.if`, `.or` chains and several predicates. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  switch (typeof value) {
    case 'string':
      return value.length > 0;
    case 'number':
      return value !== 0 && !Number.isNaN(value);
    case 'boolean':
      return value;
    case 'object':
      if (Array.isArray(value)) return value.length > 0;
      for (const _ in value) return true;
      return false;
    default:
      return false;
  }
}

/** What `{x}` writes for a value. */
export function outputText(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      if (Array.isArray(value)) return value.join(',');
      return '';
    default:
      return '';
  }
}

/** To string for formatters: strings as-is, numbers/booleans as text, else empty. */
export function toStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** To number: numbers as-is, strings parsed (float when they contain '.'), booleans 1/0, else 0. */
export function toNum(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const n = value.includes('.') ? Number.parseFloat(value) : Number.parseInt(value, 10);
    return Number.isNaN(n) ? 0 : n;
  }
  return 0;
}

/** To boolean (Jackson rules): booleans as-is, the string "true", non-zero integers. */
export function toBool(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value === 'true';
  if (typeof value === 'number') return Number.isInteger(value) && value !== 0;
  return false;
}

/** True for plain JSON objects (not arrays, not null). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Escape `&`, `<`, `>` (and `"` when `attr`). One pass; unchanged text is returned as is. */
const HTML_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;

export function escapeHtml(text: string, attr = false): string {
  const first = firstSpecial(text, attr);
  return first === -1 ? text : escapeHtmlFrom(text, attr, first);
}

/** Below this length a loop finds special characters faster than a call into the regexp engine. */
const SHORT = 24;

/**
 * Index of the first character `escapeHtml` replaces, or -1. Most values (names, URLs) need
 * no escaping, so this is the fast path; when it finds something, the loop starts there.
 */
export function firstSpecial(text: string, attr: boolean): number {
  if (text.length > SHORT) return text.search(attr ? ATTR_SPECIAL : HTML_SPECIAL);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c <= 62 && (c === 38 || c === 60 || c === 62 || (c === 34 && attr))) return i;
  }
  return -1;
}

/** `escapeHtml` once the first special character is known to be at `first`. */
export function escapeHtmlFrom(text: string, attr: boolean, first: number): string {
  let out = first === 0 ? '' : text.slice(0, first);
  let last = first;
  const n = text.length;
  for (let i = first; i < n; i++) {
    const c = text.charCodeAt(i);
    // Every special character is below '?' (63): one comparison skips letters.
    if (c > 62) continue;
    let entity: string;
    if (c === 38) entity = '&amp;';
    else if (c === 60) entity = '&lt;';
    else if (c === 62) entity = '&gt;';
    else if (c === 34 && attr) entity = '&quot;';
    else continue;
    out = last === i ? out + entity : out + text.slice(last, i) + entity;
    last = i + 1;
  }
  return last < n ? out + text.slice(last) : out;
}
