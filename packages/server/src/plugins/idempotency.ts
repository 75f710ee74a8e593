import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { CART_COOKIE } from '../routes/cart-identity';
import { claimKey, type KeyScope, releaseKey, storeAnswer } from '../services/idempotency/idempotency-store';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Money actions: an `Idempotency-Key` header makes the first answer the answer to every
     * retry with the key for 24 hours (plugins/idempotency.ts).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key row this request's answer is stored under (set when it runs under a key). */
    idempotencyRowId?: string;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A UUID or any other token of visible ASCII, as Stripe accepts (up to 255 characters). */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;
/** Answers that say "nothing was done, try again": never replayed. */
const TRANSIENT_CODES = new Set(['TRY_AGAIN', 'RATE_LIMITED', 'IDEMPOTENCY_KEY_IN_USE']);

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

/**
 * Whose key it is: the signed-in account, else the cart the request addresses (hashed: the
 * table never holds a cart token). Another caller's same key is another key, so an answer
 * (an order's access token) is only ever replayed to whoever got it first.
 */
function callerOf(request: FastifyRequest): string | undefined {
  const account = request.siteUser?.id ?? request.siteUserId;
  if (account) return `account:${account}`;
  const body = request.body as { cartToken?: unknown } | null | undefined;
  const token = typeof body?.cartToken === 'string' ? body.cartToken : request.cookies[CART_COOKIE];
  return token ? `cart:${sha256(token)}` : undefined;
}

function keyOf(request: FastifyRequest): string | undefined {
  const sent = request.headers[IDEMPOTENCY_HEADER];
  if (sent === undefined) return undefined;
  const key = Array.isArray(sent) ? sent[0] : sent;
  if (key === undefined || !KEY_FORMAT.test(key)) {
    const message = 'Idempotency-Key must be 1 to 255 visible ASCII characters (a UUID, for example).';
    throw new ApiError('VALIDATION_FAILED', message, { errors: { 'idempotency-key': message } });
  }
  return key;
}

function transient(statusCode: number, payload: string): boolean {
  if (statusCode >= 500) return true;
  if (statusCode !== 409 && statusCode !== 429) return false;
  try {
    return TRANSIENT_CODES.has((JSON.parse(payload) as { error?: { code?: string } }).error?.code ?? '');
  } catch {
    return false;
  }
}

/**
 * `Idempotency-Key` for the routes that move money (`config: { idempotent: true }`), as
 * Stripe does: the first request with a key runs and its answer (status and body) is kept in
 * the database for 24 hours, scoped by site, caller and route; a retry with the key gets that
 * answer again (`Idempotent-Replayed: true`) without running, from any server process. The
 * key with another path or body is refused (422), and while the first has not answered a
 * second gets 409 `Retry later`. Runs after validation and the owner check, so a request
 * refused for its input or its caller does not use up the key; an answer that says "try
 * again" (5xx, TRY_AGAIN) frees it for the retry.
 */
export const idempotencyKeys = fp(async (app: FastifyInstance) => {
  const db = app.database.db;

  /** Claim the key of a request: true when the answer was sent (a replay) and nothing runs. */
  async function claim(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const key = keyOf(request);
    const caller = key === undefined ? undefined : callerOf(request);
    // Nobody to replay to (no account, no cart): the request runs as without a key.
    if (key === undefined || caller === undefined || !request.site) return false;
    const scope: KeyScope = {
      websiteId: request.site.id,
      caller,
      route: `${request.method} ${request.routeOptions.url ?? ''}`,
      key,
    };
    const requestHash = sha256(JSON.stringify([request.url, request.body ?? null]));
    const claimed = await claimKey(db, scope, requestHash);
    if (claimed.kind === 'run') {
      request.idempotencyRowId = claimed.id;
      return false;
    }
    if (claimed.kind === 'mismatch') throw new ApiError('IDEMPOTENCY_KEY_REUSED');
    if (claimed.kind === 'in-flight') {
      const busy = new ApiError('IDEMPOTENCY_KEY_IN_USE');
      busy.retryAfterSeconds = 1;
      throw busy;
    }
    const { answer } = claimed;
    reply.code(answer.statusCode).header('idempotent-replayed', 'true').header('cache-control', 'no-store');
    if (answer.contentType) reply.header('content-type', answer.contentType);
    reply.send(answer.body);
    return true;
  }

  /** Keep the answer for the retries, or free the key when the answer says "try again". */
  async function settle(
    id: string,
    statusCode: number,
    contentType: unknown,
    payload: unknown,
  ): Promise<void> {
    const body =
      typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (body === null || transient(statusCode, body)) await releaseKey(db, id);
    else
      await storeAnswer(db, id, {
        statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        body,
      });
  }

  // Callback hooks: the routes without a key cost no promise.
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.routeOptions.config?.idempotent) return done();
    claim(request, reply).then((replayed) => {
      if (!replayed) done();
    }, done);
  });

  // Before the answer leaves: a retry that arrives once the client has it finds it stored.
  app.addHook('onSend', (request, reply, payload, done) => {
    const id = request.idempotencyRowId;
    if (!id) return done(null, payload);
    request.idempotencyRowId = undefined;
    settle(id, reply.statusCode, reply.getHeader('content-type'), payload).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });
});
