import { errorPageHtml } from '../pages/error-page';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isContention, isUniqueViolation } from '../db/retry-transaction';
import { ApiError, type ErrorCode, errorCatalogue } from '../errors';
import { Rejection, answerFor } from '../reasons';
import { urlPath } from './edge-validation';

// A multipart body its parser (busboy) cannot read: these errors carry a message, no code.
const MULTIPART_UNREADABLE =
  /^(Multipart: |Unexpected end of (form|multipart data)$|Malformed part header$|Unsupported Content-Type)/;

/** Map Fastify's own errors (body parsing, limits) onto the catalogue. */
function codeForFastifyError(error: FastifyError): ErrorCode | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'INVALID_JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return error.statusCode === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    case 'FST_ERR_VALIDATION':
      return 'VALIDATION_FAILED';
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'BAD_REQUEST';
    default:
      if (error instanceof SyntaxError) return 'INVALID_JSON';
      if (MULTIPART_UNREADABLE.test(error.message)) return 'BAD_REQUEST';
      if (error.statusCode === 429) return 'RATE_LIMITED';
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return 'BAD_REQUEST';
      return undefined;
  }
}

/**
 * Contention that reached the edge unanswered (a transaction outside retryTransaction, a
 * unique index beaten by a concurrent twin): the request lost a race, it is not broken.
 */
function codeForDatabaseError(error: unknown): ErrorCode | undefined {
  if (isContention(error)) return 'TRY_AGAIN';
  if (isUniqueViolation(error)) return 'CONFLICT';
  return undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every registered route (method and URL pattern), for 405 answers and introspection. */
    routeTable: readonly { method: string; url: string }[];
  }
}

/**
 * Whether a URL is under /api, judged on the path as the router sees it (decoded), so
 * `/%61pi/…` gets the JSON contract too, even when a later segment has a broken escape.
 */
export function isApiPath(url: string): boolean {
  const path = urlPath(url);
  if (!path.startsWith('/')) return false;
  let first = path.split('/')[1] ?? '';
  try {
    first = decodeURIComponent(first);
  } catch {
    // a broken escape in the first segment: judged raw
  }
  return first === 'api';
}

/** Send the JSON error contract. */
export function sendApiError(reply: FastifyReply, error: ApiError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply
    .code(error.statusCode)
    .header('cache-control', 'no-store')
    .send({ ...error.extra, error: { code: error.code, message: error.message } });
}

function routePatternToRegExp(pattern: string): RegExp {
  const escaped = pattern
    .split('/')
    .map((seg) => {
      if (seg === '*') return '.*';
      if (seg.startsWith(':')) return '[^/]+';
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

/**
 * The API error contract (issue: "a bad request never produces a 500 or an HTML error
 * page"): JSON `{ error: { code, message } }` for every /api error, 404 for unknown
 * routes, 405 when the path exists with another method. Not encapsulated: it applies to
 * every plugin.
 */
export const errorContract = fp(async (app: FastifyInstance) => {
  const routes: { method: string; url: string; pattern: RegExp }[] = [];
  app.decorate('routeTable', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || route.url === '/*') continue;
      routes.push({ method, url: route.url, pattern: routePatternToRegExp(route.url) });
    }
  });

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    // A reason raised below a route that mapped none (a helper's Rejection): the same answer.
    else if ((error as unknown) instanceof Rejection) apiError = answerFor(error as unknown as Rejection);
    else {
      const code = codeForFastifyError(error) ?? codeForDatabaseError(error);
      if (code) {
        const message = code === 'BAD_REQUEST' || code === 'VALIDATION_FAILED' ? error.message : undefined;
        apiError = new ApiError(code, message);
      } else {
        request.log.error({ err: error }, 'request failed');
        apiError = new ApiError('INTERNAL_ERROR');
      }
    }
    if (isApiPath(request.url)) return sendApiError(reply, apiError);
    return reply
      .code(apiError.statusCode)
      .type('text/html; charset=utf-8')
      .send(
        errorPageHtml(request.site ?? undefined, apiError.statusCode, errorCatalogue[apiError.code].message),
      );
  });

  app.setNotFoundHandler((request, reply) => {
    const raw = urlPath(request.url);
    let path = raw;
    try {
      path = decodeURIComponent(raw);
    } catch {
      // a broken escape: match raw (edge validation answers 400 for routed requests)
    }
    const other = routes.filter((r) => r.method !== request.method && r.pattern.test(path));
    if (other.length > 0 && isApiPath(path)) {
      reply.header('allow', [...new Set(other.map((r) => r.method))].join(', '));
      return sendApiError(reply, new ApiError('METHOD_NOT_ALLOWED'));
    }
    if (isApiPath(path)) return sendApiError(reply, new ApiError('NOT_FOUND', 'No such API route.'));
    return reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send('<!doctype html><title>Not found</title><h1>Not found</h1>');
  });
});
