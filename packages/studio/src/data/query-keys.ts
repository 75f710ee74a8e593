/**
 * Query keys of the studio's server state: the API route (the typed client's key, e.g.
 * `'GET /api/commerce/orders'`) plus the values that pick its answer (route params and query).
 *
 *   apiKey('GET /api/commerce/orders', { status: 'PAID' })  // ['GET /api/commerce/orders', { status: 'PAID' }]
 *   routeKey('GET /api/commerce/orders')                     // ['GET /api/commerce/orders']: every page and filter
 *
 * Values that are undefined or '' are left out, so `{ q: undefined }` and `{}` are one cache
 * entry; keys are sorted by TanStack Query's hashing, so the order of the fields does not matter.
 * A mutation invalidates whole routes (`routeKey`), every filter of them at once.
 */
import type { RouteKey } from '@store/api';

export type ApiKeyValues = Record<string, unknown>;
/** `[route]` or `[route, values]`; cursor lists add a third part, `'pages'`. */
export type ApiQueryKey = readonly [RouteKey] | readonly [RouteKey, ApiKeyValues, ...string[]];

/** The values of a call that decide its answer: params and query, undefined and '' left out. */
export function keyValues(input?: { params?: object; query?: object } | undefined): ApiKeyValues {
  const values: ApiKeyValues = {};
  for (const part of [input?.params, input?.query]) {
    for (const [name, value] of Object.entries(part ?? {})) {
      if (value === undefined || value === '') continue;
      values[name] = value;
    }
  }
  return values;
}

/** The key of one call: the route and the values that pick its answer. */
export function apiKey(route: RouteKey, values: ApiKeyValues = {}): ApiQueryKey {
  const kept = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== ''));
  return Object.keys(kept).length === 0 ? [route] : [route, kept];
}

/** Every cached answer of a route, whatever its params: what a mutation invalidates. */
export function routeKey(route: RouteKey): readonly [RouteKey] {
  return [route];
}

/** The route a key belongs to (the first part), or undefined for a key that is not an API key. */
export function routeOf(key: readonly unknown[]): RouteKey | undefined {
  const first = key[0];
  return typeof first === 'string' && /^(GET|POST|PUT|PATCH|DELETE) \/api\//.test(first)
    ? (first as RouteKey)
    : undefined;
}
