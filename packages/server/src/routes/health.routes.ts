import type { FastifyInstance } from 'fastify';

/** GET /healthz: 200 `{ ok: true }` only when the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    try {
      await app.database.ping();
      return { ok: true };
    } catch {
      return reply.code(503).send({ ok: false });
    }
  });
}
