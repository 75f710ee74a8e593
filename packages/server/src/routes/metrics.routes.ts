import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function carriesToken(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * Prometheus metrics in its text format at `/metrics`, for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>` (Prometheus: `authorization: { credentials: … }`).
 * Without a configured token the address does not exist: figures about traffic and queues
 * are nobody's business but the operator's.
 */
export async function metricsRoutes(
  app: FastifyInstance,
  options: { token?: string | undefined },
): Promise<void> {
  const { token } = options;
  if (!token) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!carriesToken(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('A metrics token is required.\n');
    }
    const body = await app.metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(app.metrics.registry.contentType).send(body);
  });
}
