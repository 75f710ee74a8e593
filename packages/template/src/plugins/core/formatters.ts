import { splitPath } from '../../parser/tag-matcher';
import type { Formatter, RenderContext } from '../../plugin-api';
import { escapeHtml, isObject, isTruthy, toStr } from '../../values';
import { asNumber, descendPath } from './json-values';

const escapeScriptTags = (s: string) => (s.includes('</') ? s.replace(/<\//g, '<\\/') : s);

/** `format`: fill `{0}`, `{1}`… with args; `{}` is `{0}`, unknown indexes and junk drop out. */
function fillPattern(pattern: string, args: readonly unknown[]): string {
  let out = '';
  let index = -1; // -1 outside braces, -2 skipping junk, else the index being read
  for (const ch of pattern) {
    if (index === -2) {
      if (ch === '}') index = -1;
    } else if (index >= 0) {
      if (ch >= '0' && ch <= '9') index = index * 10 + (ch.charCodeAt(0) - 48);
      else if (ch === '}') {
        if (index < args.length) out += String(args[index]);
        index = -1;
      } else index = -2;
    } else if (ch === '{') index = 0;
    else out += ch;
  }
  return out;
}

function truncate(text: string, max: number, ellipsis: string): string {
  if (text.length <= max) return text;
  let end = max;
  for (let i = max - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    // space, \n, \t, \v, \r, \f
    if (c === 32 || (c >= 9 && c <= 13)) {
      end = i + 1;
      break;
    }
  }
  return text.slice(0, end) + ellipsis;
}

/** Remove every `<...>` (what `/<[^>]*?>/g` removes), in one pass. */
function stripTags(text: string): string {
  let open = text.indexOf('<');
  if (open === -1) return text;
  let out = '';
  let last = 0;
  while (open !== -1) {
    const close = text.indexOf('>', open + 1);
    if (close === -1) break;
    out += text.slice(last, open);
    last = close + 1;
    open = text.indexOf('<', last);
  }
  return out + text.slice(last);
}

// What `\s` matches in JavaScript regular expressions.
const isSpace = (c: number) =>
  (c >= 9 && c <= 13) ||
  c === 32 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

/**
 * Slug: keep ASCII letters, digits and `-`, turn each whitespace run (ignoring dropped
 * characters inside it) into `-`, lowercase. Same result as the three-regex version.
 */
function slugify(text: string): string {
  // Already a slug (lowercase ASCII letters, digits, '-'): nothing changes.
  let i = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 45)) break;
  }
  if (i === text.length) return text;
  let out = '';
  let space = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const keep = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 45;
    if (keep) {
      if (space) out += '-';
      space = false;
      out += c >= 65 && c <= 90 ? String.fromCharCode(c + 32) : text[i];
    } else if (isSpace(c)) space = true;
  }
  return space ? `${out}-` : out;
}

function smartypants(input: string): string {
  return (
    input
      // JSON-T's class holds a literal backslash and "s" here, not \s; kept for identical output.
      .replace(/(^|[-\u2014\\s(["])'/gm, '$1\u2018')
      .replace(/'/g, '\u2019')
      .replace(/(^|[-\u2014/[(\u2018\s])"/gm, '$1\u201c')
      .replace(/"/g, '\u201d')
      .replace(/--/g, '\u2014')
  );
}

/** find-first / find-last: elements whose value at PATH (optionally through a lookup object) is truthy. */
function findEntry(value: unknown, args: readonly string[], ctx: RenderContext, last: boolean): unknown {
  if (!Array.isArray(value) || args.length === 0) return undefined;
  const path = splitPath(args[0] as string);
  const lookup = args.length > 1 ? ctx.resolve(args[1] as string) : undefined;
  const n = value.length;
  for (let k = 0; k < n; k++) {
    const item = value[last ? n - 1 - k : k];
    let v = descendPath(item, path);
    if (lookup !== undefined) v = isObject(lookup) && typeof v === 'string' ? lookup[v] : undefined;
    if (isTruthy(v)) return item;
  }
  return undefined;
}

const json =
  (pretty: boolean, escapeTags: boolean): Formatter =>
  (value) => {
    if (value === undefined) return '';
    const text = (pretty ? JSON.stringify(value, undefined, '  ') : JSON.stringify(value)) ?? '';
    return escapeTags ? escapeScriptTags(text) : text;
  };

const str = (value: unknown) => toStr(value);

/** What `apply` renders: the partial's name and options, from its arguments. */
export interface ApplyCall {
  readonly name: string;
  readonly options: { private?: boolean; args?: Record<string, string> } | undefined;
}

/** `apply`'s arguments read once: `name`, then `private` and `key=value` pairs; null without a name. */
export function applyCall(args: readonly string[]): ApplyCall | null {
  if (args.length === 0) return null;
  const name = args[0] as string;
  if (args.length === 1) return { name, options: undefined };
  let isPrivate = false;
  let params: Record<string, string> | undefined;
  for (const arg of args.slice(1)) {
    if (arg === 'private') {
      isPrivate = true;
      continue;
    }
    params ??= {};
    const eq = arg.indexOf('=');
    if (eq !== -1) params[arg.slice(0, eq)] = arg.slice(eq + 1);
  }
  return { name, options: { private: isPrivate, ...(params ? { args: params } : {}) } };
}

/** The core formatters of JSON-T (FEATURES.md §4 "core"). */
export const coreFormatters: Record<string, Formatter> = {
  apply(value, args, ctx) {
    const call = applyCall(args);
    if (call === null || ctx.renderPartial === undefined) return '';
    return ctx.renderPartial(call.name, value, call.options);
  },
  count(value) {
    if (isObject(value)) return Object.keys(value).length;
    if (Array.isArray(value) || typeof value === 'string') return value.length;
    return 0;
  },
  cycle(value, args) {
    if (args.length === 0) return undefined;
    let i = (asNumber(value) - 1) % args.length;
    if (i < 0) i += args.length;
    return args[i];
  },
  'encode-space': (value) => str(value).replace(/\s/g, '&nbsp;'),
  'encode-uri': (value) => encodeURI(str(value)),
  'encode-uri-component': (value) => encodeURIComponent(str(value)),
  'find-first': (value, args, ctx) => findEntry(value, args, ctx, false),
  'find-last': (value, args, ctx) => findEntry(value, args, ctx, true),
  format(value, args, ctx) {
    const resolve = ctx.resolveInScope ?? ctx.resolve;
    const values = args.map((a) => {
      const v = resolve.call(ctx, a);
      return v === null || v === undefined ? '' : v;
    });
    return fillPattern(str(value), values);
  },
  get(value, args, ctx) {
    let cur = value;
    for (const arg of args) {
      const key = ctx.resolve(arg);
      if (key === undefined) return undefined;
      const path = Array.isArray(key) ? key : typeof key === 'number' ? [key] : [toStr(key)];
      cur = descendPath(cur, path as (string | number)[]);
      if (cur === undefined) return undefined;
    }
    return cur;
  },
  html: (value) => escapeHtml(str(value)),
  htmlattr: (value) => escapeHtml(str(value), true),
  htmltag: (value) => escapeHtml(str(value), true),
  iter: (_value, _args, ctx) => (ctx.index === 0 ? '' : String(ctx.index)),
  json: json(false, true),
  'json-pretty': json(true, true),
  'key-by'(value, args) {
    const out: Record<string, unknown> = {};
    const path = args[0];
    if (Array.isArray(value) && path) {
      const segments = splitPath(path);
      for (const item of value) {
        const k = descendPath(item, segments);
        if (k !== undefined) out[String(k)] = item;
      }
    }
    return out;
  },
  'line-breaks': (value) => str(value).replace(/\n/g, '<br/>'),
  lookup(_value, args, ctx) {
    const key = args[0];
    if (!key) return '';
    return ctx.resolve(splitPath(toStr(ctx.resolve(key))));
  },
  mod(value, args) {
    const d = Number.parseInt(args[0] ?? '', 10) || 2;
    return asNumber(value) % d;
  },
  output: (_value, args) => args.join(' '),
  pluralize(value, args) {
    let singular = '';
    let plural = 's';
    if (args.length === 1) plural = args[0] as string;
    else if (args.length >= 2) [singular, plural] = args as [string, string];
    return asNumber(value) === 1 ? singular : plural;
  },
  prop(value, args) {
    let cur = value;
    for (const arg of args) {
      cur = descendPath(cur, splitPath(arg));
      if (cur === undefined) return undefined;
    }
    return cur;
  },
  // Unlike json, missing serializes as null.
  raw: (value) => JSON.stringify(value === undefined ? null : value),
  round: (value) => Math.round(asNumber(value)),
  safe: (value) => (isTruthy(value) ? stripTags(str(value)) : value),
  slugify: (value) => slugify(str(value)),
  smartypants: (value) => smartypants(str(value)),
  str: (value) => (typeof value === 'object' && value !== null ? '' : str(value)),
  truncate(value, args) {
    const limit = args.length ? Number.parseInt(args[0] as string, 10) : 100;
    if (!(Number.isFinite(limit) && limit > 0)) return value;
    return truncate(str(value), limit, args.length > 1 ? (args[1] as string) : '...');
  },
  // Legacy URL encoding: UTF-8 bytes, then `escape` of each byte as %XX.
  'url-encode': (value) => escape(unescape(encodeURIComponent(str(value)))),
};
