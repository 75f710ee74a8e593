import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';

/** Deepest object/array nesting any request may carry (bodies, JSON-in-a-string fields). */
export const MAX_DEPTH = 32;

// JSON text inside a string field (beacon `data`, `eventContent`, cart `additionalFields`)
// is parsed later by its handler: catch the escapes that would become NUL or a lone
// surrogate there (PostgreSQL refuses both in text and jsonb).
const ESCAPED_NUL = /\\u0000/i;
const ESCAPED_LONE_HIGH = /\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})/;
const ESCAPED_LONE_LOW = /(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a string may not reach the database, or undefined when it may. */
export function badText(text: string): 'INVALID_CHARACTERS' | 'NESTED_TOO_DEEP' | undefined {
  if (text.includes('\u0000') || LONE_SURROGATE.test(text)) return 'INVALID_CHARACTERS';
  if (
    text.includes('\\') &&
    (ESCAPED_NUL.test(text) || ESCAPED_LONE_HIGH.test(text) || ESCAPED_LONE_LOW.test(text))
  )
    return 'INVALID_CHARACTERS';
  if (jsonTextDepth(text) > MAX_DEPTH) return 'NESTED_TOO_DEEP';
  return undefined;
}

/** Deepest bracket nesting of a JSON text (brackets inside strings ignored); cheap, no parse. */
export function textDepth(text: string): number {
  if (!text.includes('[') && !text.includes('{')) return 0;
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/**
 * How deep a string field nests when its handler parses it as JSON. A text whose brackets
 * are not closed, or closed by the wrong kind, is not JSON: its handler cannot parse it,
 * so it nests nothing (a title of a hundred '[' is text). Cheap, no parse.
 */
export function jsonTextDepth(text: string): number {
  if (!text.includes('[') && !text.includes('{')) return 0;
  const open: number[] = [];
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      open.push(c);
      if (open.length > max) max = open.length;
    } else if (c === 93 || c === 125) {
      if (open.pop() !== c - 2) return 0; // ']' closes '[' and '}' closes '{' (two code points apart)
    }
  }
  return open.length === 0 && !inString ? max : 0;
}

/** Walk a parsed value without recursion (a 20 000-deep body must not blow the stack). */
export function badValue(value: unknown): 'INVALID_CHARACTERS' | 'NESTED_TOO_DEEP' | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current === 'string') {
      const bad = badText(current);
      if (bad) return bad;
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_DEPTH) return 'NESTED_TOO_DEEP';
      for (const [key, child] of Object.entries(current)) {
        const bad = badText(key);
        if (bad) return bad;
        stack.push([child, depth + 1]);
      }
    }
  }
  return undefined;
}

/** The path part of a raw URL (everything before the query), as sent. */
export function urlPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The path part of a raw URL, decoded once; undefined when its escapes are broken. */
export function decodedPath(url: string): string | undefined {
  const path = urlPath(url);
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

function check(request: FastifyRequest): void {
  const path = decodedPath(request.url);
  if (path === undefined) throw new ApiError('BAD_REQUEST', 'The address has a broken %-escape.');
  const problem =
    badText(path) ?? badValue(request.params) ?? badValue(request.query) ?? badValue(request.body);
  if (problem) throw new ApiError(problem);
}

/**
 * Validate once, at the edge, for every route (a new route is covered without anyone
 * remembering to): no NUL, no lone UTF-16 surrogate (PostgreSQL refuses both, and a
 * beacon would be answered 202 and then dropped at insert), no nesting past MAX_DEPTH,
 * no broken %-escapes — in the path, the query, the route params and the body. Each
 * refusal is a 400 in the error contract.
 */
export const edgeValidation = fp(async (app: FastifyInstance) => {
  // Deep JSON is refused before it is parsed (parsing it is the expensive part).
  const defaultJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (textDepth(String(body)) > MAX_DEPTH) return done(new ApiError('NESTED_TOO_DEEP'), undefined);
    defaultJson(request, String(body), done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      check(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
});
