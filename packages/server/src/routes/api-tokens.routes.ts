import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { createApiToken, listApiTokens, revokeApiToken } from '../services/api-tokens/api-tokens';
import type { SignedInUser } from '../services/site-users/sessions';
import { at, zodRoutes } from './api-schema';

const actorOf = (request: FastifyRequest) => request.siteUser as SignedInUser;

/**
 * Settings → Developers, API tokens: list (never the tokens themselves), make one with a
 * contributor role (the token is in that answer only), revoke. docs/api-tokens.md.
 */
export async function apiTokenRoutes(app: FastifyInstance) {
  const db = app.database.db;
  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);

    api.get(...at('GET /api/studio/api-tokens'), (request) =>
      listApiTokens(db, request.site.id, actorOf(request)),
    );

    api.post(...at('POST /api/studio/api-tokens'), async (request, reply) => {
      const made = valueOrFail(
        await createApiToken(db, request.site.id, {
          name: request.body.name,
          roleCode: request.body.roleCode,
          actor: actorOf(request),
        }),
      );
      return reply.code(201).send(made);
    });

    api.delete(...at('DELETE /api/studio/api-tokens/:id'), async (request) => {
      valueOrFail(await revokeApiToken(db, request.site.id, request.params.id));
      return { ok: true };
    });
  });
}
