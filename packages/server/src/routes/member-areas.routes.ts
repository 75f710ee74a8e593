import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import {
  addMemberByEmail,
  areaContent,
  createArea,
  deleteArea,
  listAreas,
  listMembers,
  removeMember,
  setAreaContent,
  updateArea,
} from '../services/members/areas.service';
import { at, zodRoutes } from './api-schema';

/**
 * Studio → Members: member areas, what each unlocks and who is in it (docs/members.md).
 * Registered in the studio group: a successful write drops the site's cached pages, so a page
 * an area now locks (or no longer locks) is rendered afresh.
 */
export async function memberAreaRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/members/areas'), async (request) => ({
    areas: await listAreas(db, request.site.id),
  }));

  api.post(...at('POST /api/studio/members/areas'), async (request, reply) => {
    const area = valueOrFail(await createArea(db, request.site.id, request.body));
    reply.status(201);
    return area;
  });

  api.put(...at('PUT /api/studio/members/areas/:areaId'), async (request) =>
    valueOrFail(await updateArea(db, request.site.id, request.params.areaId, request.body)),
  );

  api.delete(...at('DELETE /api/studio/members/areas/:areaId'), async (request) => {
    valueOrFail(await deleteArea(db, request.site.id, request.params.areaId));
    return { ok: true };
  });

  api.get(...at('GET /api/studio/members/areas/:areaId/content'), async (request) =>
    valueOrFail(await areaContent(db, request.site.id, request.params.areaId)),
  );

  api.put(...at('PUT /api/studio/members/areas/:areaId/content'), async (request) =>
    valueOrFail(await setAreaContent(db, request.site.id, request.params.areaId, request.body.content)),
  );

  api.get(...at('GET /api/studio/members/areas/:areaId/members'), async (request) => ({
    members: valueOrFail(await listMembers(db, request.site.id, request.params.areaId)),
  }));

  api.post(...at('POST /api/studio/members/areas/:areaId/members'), async (request, reply) => {
    const member = valueOrFail(
      await addMemberByEmail(db, request.site.id, request.params.areaId, request.body.email),
    );
    reply.status(201);
    return member;
  });

  api.delete(...at('DELETE /api/studio/members/areas/:areaId/members/:membershipId'), async (request) => {
    valueOrFail(await removeMember(db, request.site.id, request.params.areaId, request.params.membershipId));
    return { ok: true };
  });
}
