import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { ensureCrumb } from '../plugins/crumb';
import { requireOwner } from '../plugins/owner-auth';
import { startAccountSession } from './account-cookies';
import { anySiteExists, createSite } from '../services/sites/create-site';
import { newSiteInput, normaliseHost, normaliseOrigin } from '../services/sites/site-input';
import { launchSite, siteLaunchedAt } from '../services/sites/site-launch';
import { starterPicture, starterSummaries } from '../starters/starters';
import { at, zodRoutes } from './api-schema';
import { requestOrigin } from './seo.routes';
import { parseWith } from './validate';

/**
 * First run and publishing: the setup screen's calls (open only while the deployment has no
 * site), the starters' pictures, and the studio's "Publish site".
 */
export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const db = app.database.db;
  const api = zodRoutes(app);
  const hasSite = () => anySiteExists(db);

  api.get(...at('GET /api/setup'), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { open: !request.site && !(await hasSite()), starters: starterSummaries() };
  });

  api.post(...at('POST /api/setup'), async (request, reply) => {
    // A host some site answers can never be set up again (nor can any once a site exists).
    if (request.site) throw new ApiError('CONFLICT', 'This site is already set up. Sign in to the studio.');
    const input = parseWith(newSiteInput, {
      ...(request.body as object),
      hosts: undefined,
      baseUrl: undefined,
    });
    // The address the owner reached this screen at is the site's public address (links in
    // mail): its host and protocol as Fastify reads them, trusting forwarded headers only
    // from the proxies TRUST_PROXY names.
    const host = normaliseHost(request.hostname);
    const result = await createSite(
      db,
      {
        ...input,
        ...(host ? { hosts: [host] } : {}),
        baseUrl: normaliseOrigin(requestOrigin(request)) ?? undefined,
      },
      { firstOnly: true },
    );
    if (!result.ok) throw new ApiError('CONFLICT', result.message);
    // Signed in as the new owner, with a crumb for the new site: the studio opens at once.
    request.site = result.site;
    await startAccountSession(
      request,
      reply,
      { id: result.ownerId, websiteId: result.site.id, role: 'OWNER' },
      false,
    );
    ensureCrumb(request, reply);
    request.log.info({ websiteId: result.site.id }, 'first site set up');
    return reply.code(201).send({
      website: { id: result.site.id, siteTitle: result.site.siteTitle },
      owner: { email: input.email.trim().toLowerCase() },
    });
  });

  // The starters' generated pictures (and each starter's preview on the setup screen).
  app.get<{ Params: { name: string } }>('/assets/starters/:name', async (request, reply) => {
    const name = /^([a-z0-9-]{1,60})\.svg$/.exec(request.params.name)?.[1];
    const svg = name ? starterPicture(name) : undefined;
    if (!svg) return reply.callNotFound();
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(svg);
  });

  await app.register(async (studio) => {
    studio.addHook('preValidation', requireOwner);
    const owner = zodRoutes(studio);
    const answer = (launchedAt: Date | null) => ({ launchedAt: launchedAt?.toISOString() ?? null });
    owner.get(...at('GET /api/studio/launch'), async (request) =>
      answer(await siteLaunchedAt(db, request.site.id)),
    );
    owner.post(...at('POST /api/studio/launch'), async (request) =>
      answer(await launchSite(db, request.site.id)),
    );
  });
}
