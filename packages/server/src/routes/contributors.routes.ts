import type { FastifyInstance, FastifyRequest } from 'fastify';
import { OWNER_GRANTS, ROLE_CODES, grantsOf, mayGrantRole, roleName } from '../plugins/permissions';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import {
  changeContributorRole,
  listContributors,
  removeContributor,
} from '../services/contributors/contributors';
import { acceptInvitation } from '../services/contributors/accept-invitation';
import { inviteContributor, listInvitations, revokeInvitation } from '../services/contributors/invitations';
import { startAccountSession } from './account-cookies';
import { SESSION_COOKIE, type SignedInUser, deleteSession } from '../services/site-users/sessions';
import { at, zodRoutes } from './api-schema';

/** Accept attempts per client address and site in 15 minutes (tokens are 256-bit; this bounds noise). */
export const ACCEPT_INVITATION_LIMIT = { name: 'accept-invitation', max: 20, windowMs: 15 * 60_000 };

const actorOf = (request: FastifyRequest) => request.siteUser as SignedInUser;

/**
 * Contributors and roles: invitations by e-mail, the site's contributors, and
 * what the signed-in person may do. Management answers to requireOwner, which lets only the
 * owner and roles holding `people` (admin) through (plugins/permissions.ts).
 */
export async function contributorRoutes(app: FastifyInstance) {
  const db = app.database.db;

  await app.register(async (owner) => {
    owner.addHook('onSend', (_request, reply, payload, done) => {
      reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    // Before validation: a signed-out caller gets 401, not a 400 about its input.
    owner.addHook('preValidation', requireOwner);
    const api = zodRoutes(owner);

    api.get(...at('GET /api/studio/permissions'), async (request) => {
      const user = actorOf(request);
      if (user.role === 'OWNER')
        return { role: 'OWNER' as const, roleCode: null, roleName: 'Owner', grants: OWNER_GRANTS };
      return {
        role: 'CONTRIBUTOR' as const,
        roleCode: user.contributorRole,
        roleName: roleName(user.contributorRole),
        grants: grantsOf(user.contributorRole),
      };
    });

    api.get(...at('GET /api/studio/contributors'), async (request) => ({
      contributors: await listContributors(db, request.site.id),
      roles: ROLE_CODES.map((code) => ({
        code,
        name: roleName(code),
        grantable: mayGrantRole(actorOf(request), code),
      })),
    }));

    api.put(...at('PUT /api/studio/contributors/:id'), async (request) => ({
      contributor: valueOrFail(
        await changeContributorRole(db, request.site.id, {
          id: request.params.id,
          roleCode: request.body.roleCode,
          actor: actorOf(request),
        }),
      ),
    }));

    api.delete(...at('DELETE /api/studio/contributors/:id'), async (request) => {
      valueOrFail(
        await removeContributor(db, request.site.id, { id: request.params.id, actor: actorOf(request) }),
      );
      return { ok: true };
    });

    api.get(...at('GET /api/studio/contributors/invitations'), async (request) => ({
      invitations: await listInvitations(db, request.site.id),
    }));

    api.post(...at('POST /api/studio/contributors/invitations'), async (request, reply) => {
      const invitation = valueOrFail(
        await inviteContributor(db, request.site, {
          email: request.body.email,
          roleCode: request.body.roleCode,
          inviter: actorOf(request),
        }),
      );
      return reply.code(201).send({ invitation });
    });

    api.delete(...at('DELETE /api/studio/contributors/invitations/:id'), async (request) => {
      valueOrFail(await revokeInvitation(db, request.site.id, request.params.id));
      return { ok: true };
    });
  });

  // The invited person has no account yet: open, crumb-protected like every POST, rate limited.
  const api = zodRoutes(app);
  api.post(
    ...at('POST /api/studio/contributors/invitations/accept', { config: { limit: ACCEPT_INVITATION_LIMIT } }),
    async (request, reply) => {
      const account = valueOrFail(await acceptInvitation(db, request.site.id, request.body));
      // Whoever was signed in on this browser is replaced by the new contributor.
      await deleteSession(db, request.cookies[SESSION_COOKIE]);
      request.siteUser = undefined;
      const session = await startAccountSession(
        request,
        reply,
        {
          id: account.id,
          websiteId: account.websiteId,
          role: 'CONTRIBUTOR',
          contributorRole: account.roleCode,
        },
        false,
      );
      reply.header('cache-control', 'no-store');
      return { xsrfToken: session.xsrfToken, email: account.email, roleName: roleName(account.roleCode) };
    },
  );
}
