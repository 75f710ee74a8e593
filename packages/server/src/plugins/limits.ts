import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { type LimitStore, Limiter, memoryLimitStore } from '../services/limits/limit-store';
import { redisLimitStore } from '../services/limits/redis-limit-store';

export interface RouteLimit {
  /** Names the counter: routes with one name share one count per client. */
  name: string;
  max: number;
  windowMs: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one limits mechanism (memory, or Redis with REDIS_URL): `app.limits.limiter(...)`. */
    limits: { store: LimitStore; limiter(name: string, max: number, windowMs: number): Limiter };
  }
  interface FastifyContextConfig {
    /** Count every request to this route per site and client address; past `max` → 429. */
    limit?: RouteLimit;
  }
}

/** The per-client key of a limit: the website and the client's address (see TRUST_PROXY). */
export function clientKey(request: FastifyRequest): string {
  return `${request.site?.id ?? '-'}:${request.ip}`;
}

/**
 * Every limit of the app goes through this plugin's store: routes declare
 * `config: { limit }`, handlers with their own keys (sign-in per account) take
 * `app.limits.limiter(name, max, windowMs)`. With `REDIS_URL` the counts live in Redis,
 * so a limit holds across every server process.
 */
export const limitsPlugin = fp(async (app: FastifyInstance) => {
  const memory = memoryLimitStore();
  const { redisUrl, redisKeyPrefix } = app.config;
  const store = redisUrl
    ? redisLimitStore({
        url: redisUrl,
        prefix: redisKeyPrefix,
        fallback: memory,
        onError: (error) => app.log.warn({ err: error }, 'redis limit store unavailable; counting in memory'),
      })
    : memory;
  const limiters = new Map<string, Limiter>();
  const limiter = (name: string, max: number, windowMs: number) => {
    const id = `${name}:${max}:${windowMs}`;
    let found = limiters.get(id);
    if (!found) {
      found = new Limiter(store, name, max, windowMs);
      limiters.set(id, found);
    }
    return found;
  };
  app.decorate('limits', { store, limiter });
  app.addHook('onClose', async () => store.close());
  // onRequest: refused before the body is even read. A callback hook: routes without a
  // limit cost no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const limit = request.routeOptions.config?.limit;
    if (!limit) return done();
    limiter(limit.name, limit.max, limit.windowMs)
      .hit(clientKey(request))
      .then((over) => done(over ? new ApiError('RATE_LIMITED') : undefined), done);
  });
});
