import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { getHeaderFooter, putHeaderFooter } from '../services/studio/header-footer.service';
import { getSiteLayout, updateNavigation } from '../services/studio/navigation.service';
import { getSiteStyles, putSiteStyles } from '../services/studio/site-styles.service';
import { at, zodRoutes } from './api-schema';

/**
 * The site-wide parts the studio edits (spec §7): the navigation (read as the site layout,
 * saved with UpdateNavigation), the header and footer, and the design. Owner-only; writes
 * are crumb-protected like every state-changing /api call and announce `site_changed`.
 */
export async function studioSiteRoutes(app: FastifyInstance) {
  const db = app.database.db;
  // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/commondata/GetSiteLayout'), async (request) =>
    valueOrFail(await getSiteLayout(db, request.site.id)),
  );

  api.post(...at('POST /api/widget/UpdateNavigation'), async (request) => {
    const { fieldName, navigation } = request.body;
    valueOrFail(await updateNavigation(db, request.site.id, fieldName, navigation.items));
    return valueOrFail(await getSiteLayout(db, request.site.id));
  });

  api.get(...at('GET /api/site-header-footer'), async (request) => getHeaderFooter(db, request.site.id));

  api.put(...at('PUT /api/site-header-footer'), async (request) => {
    await putHeaderFooter(db, request.site.id, request.body);
    return request.body;
  });

  api.get(...at('GET /api/studio/site-styles'), async (request) => getSiteStyles(db, request.site.id));

  api.put(...at('PUT /api/studio/site-styles'), async (request) => {
    await putSiteStyles(db, request.site.id, request.body);
    return request.body;
  });
}
