import type { Layout } from '@store/blocks';
import { MAILING_LIST_MESSAGES } from '@store/api';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { ApiError } from '../errors';
import { requireLiveChange, requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { layoutListProblem } from '../services/lists/block-signups';
import { resolveBlockData } from '../services/studio/block-data';
import { pickerCatalog } from '../services/studio/picker-catalog';
import {
  getPageLayout,
  parseLayout,
  publishLayout,
  restoreRevision,
  saveDraft,
} from '../services/studio/layouts.service';
import { createPage, deletePage, listPages, updatePageSettings } from '../services/studio/pages.service';
import { launchSite } from '../services/sites/site-launch';
import { at, zodRoutes } from './api-schema';

/**
 * A page is saved only when each newsletter block joins one of the site's lists: 400 "A List
 * must be selected" or 404 for a list not on the site, with the block's field in `errors`.
 */
async function requireBlockLists(db: Database, websiteId: string, layout: Layout): Promise<Layout> {
  const problem = await layoutListProblem(db, websiteId, layout);
  if (!problem) return layout;
  const required = problem.code === 'LIST_REQUIRED';
  const message = required ? MAILING_LIST_MESSAGES.listRequired : MAILING_LIST_MESSAGES.notFound;
  throw new ApiError(required ? 'VALIDATION_FAILED' : 'NOT_FOUND', message, {
    reason: `MAILING_LIST_${problem.code}`,
    errors: { [`layout.${problem.path}`]: message },
  });
}

/**
 * The studio's pages: list and create, settings, delete, and the block layout (draft
 * autosave, publish, revisions and restore). Owner-only and crumb-protected.
 */
export async function studioPageRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
  app.addHook('preValidation', requireOwner);
  // Publishing a page publishes the site too, before the answer goes out: from then on
  // visitors get its pages instead of "coming soon".
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url === '/api/studio/pages/:id/publish' && reply.statusCode === 200)
      await launchSite(db, request.site.id);
    return payload;
  });
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/session'), async (request) => ({
    owner: { id: request.siteUser!.id, email: request.siteUser!.email },
    website: { id: request.site.id, siteTitle: request.site.siteTitle },
  }));

  api.get(...at('GET /api/studio/pages'), async (request) => ({
    pages: await listPages(db, request.site.id),
  }));

  api.post(...at('POST /api/studio/pages'), async (request, reply) => {
    const page = await createPage(db, request.site.id, request.body);
    return reply.code(201).send(page);
  });

  api.put(...at('PUT /api/studio/pages/:id/settings'), async (request) =>
    valueOrFail(
      await updatePageSettings(db, request.site.id, request.params.id, request.body, () =>
        requireLiveChange(request),
      ),
    ),
  );

  api.delete(...at('DELETE /api/studio/pages/:id'), async (request) => {
    valueOrFail(await deletePage(db, request.site.id, request.params.id));
    return { ok: true };
  });

  api.get(...at('GET /api/studio/pages/:id/layout'), async (request) =>
    valueOrFail(await getPageLayout(db, request.site.id, request.params.id)),
  );

  // The schema checks the layout's shape; parseLayout the props of each block type, unique
  // ids and the 60-block limit, with the messages @store/blocks words for the owner.
  api.put(...at('PUT /api/studio/pages/:id/layout'), async (request) => {
    const parsed = valueOrFail(parseLayout(request.body.layout, request.site.embedOrigins));
    const layout = await requireBlockLists(db, request.site.id, parsed);
    return valueOrFail(await saveDraft(db, request.site.id, request.params.id, layout));
  });

  api.post(...at('POST /api/studio/pages/:id/publish'), async (request) => {
    const parsed = valueOrFail(parseLayout(request.body.layout, request.site.embedOrigins));
    const layout = await requireBlockLists(db, request.site.id, parsed);
    return valueOrFail(await publishLayout(db, request.site.id, request.params.id, layout));
  });

  api.post(...at('POST /api/studio/pages/:id/revisions/:revisionId/restore'), async (request) =>
    valueOrFail(await restoreRevision(db, request.site.id, request.params.id, request.params.revisionId)),
  );

  // What the preview needs for product, summary and form blocks (the same data the site uses).
  api.post(...at('POST /api/studio/block-data'), async (request) => {
    const layout = valueOrFail(parseLayout(request.body.layout, request.site.embedOrigins));
    return (await resolveBlockData(db, request.site, layout)).data;
  });

  // Choices for the product, collection and form pickers.
  api.get(...at('GET /api/studio/catalog'), async (request) => pickerCatalog(db, request.site));
}
