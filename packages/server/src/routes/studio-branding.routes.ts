import type { FastifyInstance } from 'fastify';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { getBranding, saveBranding } from '../services/branding/branding.service';
import { configuredMediaStorage } from '../services/media/configured-storage';
import type { MediaStorage } from '../services/media/media-storage';
import { at, zodRoutes } from './api-schema';

/**
 * Design → Brand and Embeds: the site's logo, icon, social profiles and the extra origins
 * its embeds may come from. Who may read and save them: the permission table (`design`).
 * Saving announces `site_changed`; the studio scope drops this process's pages at once.
 */
export async function studioBrandingRoutes(app: FastifyInstance, options: { storage?: MediaStorage } = {}) {
  const db = app.database.db;
  const storage = options.storage ?? configuredMediaStorage(app.config);
  // Before the schemas: a signed-out caller is told 401, not what its body got wrong.
  app.addHook('preValidation', requireOwner);
  const api = zodRoutes(app);

  api.get(...at('GET /api/studio/branding'), async (request) =>
    valueOrFail(await getBranding(db, request.site.id)),
  );

  api.put(...at('PUT /api/studio/branding'), async (request) =>
    valueOrFail(await saveBranding(db, storage, request.site.id, request.body)),
  );
}
