import type { FastifyRequest } from 'fastify';
import { AB_LETTERS } from '@store/api';
import { mayUseOwnerRoute } from '../plugins/owner-auth';

/**
 * `?variant=<letter>` shows that variant of the page's A/B tests, but only to the site's
 * staff (the owner and contributors who may see its tests) or on an internal-status site
 * (spec §6). Everyone else gets the normal split: the parameter is not part of the page
 * cache key, and a preview is never stored in the cache.
 */
export async function abPreviewLetter(request: FastifyRequest, value: unknown): Promise<string | null> {
  if (typeof value !== 'string' || !request.site) return null;
  const letter = value.toLowerCase();
  if (!(AB_LETTERS as readonly string[]).includes(letter)) return null;
  if (request.site.settings.internal === true) return letter;
  return (await mayUseOwnerRoute(request, 'GET /api/studio/ab-tests')) ? letter : null;
}
