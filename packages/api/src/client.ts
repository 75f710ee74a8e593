import type { z } from 'zod';
import type { Contract, RouteKey } from './contract';

// Types only from the schemas: this module ships to the browser without zod.

type Def<K extends RouteKey> = Contract[K];
type In<D, P extends string> = D extends { [key in P]: infer S extends z.ZodType } ? z.input<S> : never;

export { API_MESSAGES } from './messages';

/**
 * What a call sends: `params` for `:name` segments, `query`, `body`, and the request headers
 * a route documents (`Idempotency-Key`), as each route declares.
 */
export type ApiInput<K extends RouteKey> = ([In<Def<K>, 'params'>] extends [never]
  ? { params?: undefined }
  : { params: In<Def<K>, 'params'> }) &
  ([In<Def<K>, 'querystring'>] extends [never]
    ? { query?: undefined }
    : { query?: In<Def<K>, 'querystring'> }) &
  ([In<Def<K>, 'body'>] extends [never] ? { body?: undefined } : { body: In<Def<K>, 'body'> }) &
  ([In<Def<K>, 'headers'>] extends [never] ? { headers?: undefined } : { headers?: In<Def<K>, 'headers'> });

/** What a successful call answers. */
export type ApiOutput<K extends RouteKey> = z.output<Def<K>['response']>;

/** Routes whose input is all optional can be called without it. */
type InputArgs<K extends RouteKey> =
  object extends ApiInput<K> ? [input?: ApiInput<K>] : [input: ApiInput<K>];

/** A failed call: HTTP status and the server's `{ error: { code, message } }` (docs/api-errors.md). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The crumb (CSRF token) was missing or stale: refresh it and try again. */
    readonly crumbFail = false,
    readonly offline = false,
    /** The whole error body: `reason`, `errors` per field … */
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface ClientOptions {
  /** Extra headers per call (e.g. the CSRF crumb for state-changing calls). */
  headers?: (method: string) => Record<string, string | undefined>;
  /**
   * An owner API token (docs/api-tokens.md): sent as `Authorization: Bearer <token>`, so calls
   * act as the token's role and need no crumb or cookie.
   */
  token?: string;
  /** Where the API is (e.g. `https://shop.example.com`) when not on the page's own origin. */
  baseUrl?: string;
  /** What a network failure says (the visitor-facing message). */
  offlineMessage?: string;
  fetch?: typeof fetch;
}

function urlFor(path: string, params: Record<string, unknown> = {}, query?: Record<string, unknown>): string {
  const filled = path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * A typed client for the routes of the contract: `call('POST /api/commerce/shopping-cart/entries',
 * { body })` checks the input and types the answer from the route's schemas. Errors throw
 * ApiFailure with the server's code and message.
 */
export function createClient(options: ClientOptions = {}) {
  return async function call<K extends RouteKey>(key: K, ...[input]: InputArgs<K>): Promise<ApiOutput<K>> {
    const space = key.indexOf(' ');
    const method = key.slice(0, space);
    const {
      params,
      query,
      body,
      headers: sent,
    } = (input ?? {}) as {
      params?: Record<string, unknown>;
      query?: Record<string, unknown>;
      body?: unknown;
      headers?: Record<string, unknown>;
    };
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    for (const [name, value] of Object.entries({ ...options.headers?.(method), ...sent }))
      if (typeof value === 'string') headers[name] = value;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await (options.fetch ?? fetch)(
        `${options.baseUrl ?? ''}${urlFor(key.slice(space + 1), params, query)}`,
        {
          method,
          headers,
          credentials: 'same-origin',
          body: body === undefined ? undefined : JSON.stringify(body),
        },
      );
    } catch {
      throw new ApiFailure(0, 'NETWORK', options.offlineMessage ?? '', false, true);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) {
      const failure = (json ?? {}) as { error?: { code?: string; message?: string } } & Record<
        string,
        unknown
      >;
      throw new ApiFailure(
        res.status,
        failure.error?.code ?? `HTTP_${res.status}`,
        failure.error?.message ?? res.statusText,
        failure.crumbFail === true,
        false,
        failure,
      );
    }
    return json as ApiOutput<K>;
  };
}

export type ApiCall = ReturnType<typeof createClient>;

/** The cart as every cart call answers it. */
export type ShoppingCart = ApiOutput<'GET /api/commerce/shopping-cart'>;
/** A line as an add answers it (`newlyAdded`). */
export type CartLine = ApiOutput<'POST /api/commerce/shopping-cart/entries'>['newlyAdded'];
/** One line of the cart, with its display fields. */
export type CartEntryView = ShoppingCart['entries'][number];
/** An order as the order pages read it. */
export type OrderView = ApiOutput<'GET /api/commerce/orders/:id'>['order'];

export type { InstalmentData, IslandData, IslandProduct } from './island-data';
