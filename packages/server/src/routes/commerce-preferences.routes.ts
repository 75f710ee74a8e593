import type { FastifyInstance } from 'fastify';
import { dropSitePagesOnSuccess } from '../pages/page-invalidation';
import { requireOwner } from '../plugins/owner-auth';
import { valueOrFail } from '../reasons';
import { getPreferences, putPreferences } from '../services/store-settings/preferences';
import { at, zodRoutes } from './api-schema';

/**
 * Spec §7 `GET, PUT /api/v1/commerce-preferences/{namespace}`: the store's preferences by
 * namespace (store, instalments), websiteId stripped. Owner-only; the PUT is crumb-protected
 * like every state change. Pages show these settings, so a successful save drops this
 * process's cached pages at once (others follow the site_changed NOTIFY of the transaction).
 */
export async function commercePreferencesRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.addHook('preValidation', requireOwner);
  app.addHook('onSend', dropSitePagesOnSuccess);
  const api = zodRoutes(app);

  api.get(...at('GET /api/v1/commerce-preferences/:namespace'), async (request) =>
    valueOrFail(await getPreferences(db, request.site.id, request.params.namespace)),
  );

  api.put(...at('PUT /api/v1/commerce-preferences/:namespace'), async (request) =>
    valueOrFail(await putPreferences(db, request.site.id, request.params.namespace, request.body)),
  );
}
