import { siteBaseUrl } from '../services/site-base-url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { robotsTxt, sitemapEntries, sitemapXml } from '../seo/sitemap';
import { siteLaunchedAt } from '../services/sites/site-launch';
import { choosePageLanguage } from '../services/languages/page-language';
import { listSiteLanguages } from '../services/languages/site-languages';
import { siteIconRoutes } from './site-icons.routes';

/** The site's origin as the visitor reached it (absolute URLs in the sitemap, robots.txt and feeds). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The origin links in pages, feeds and the sitemap use: the site's configured base URL; else
 * the origin as reached when the Host is one of the site's own hosts (development on
 * localhost); else the site on this server (siteBaseUrl). A foreign Host header (the default site answers
 * unknown hosts) never ends up in a page that is cached for everyone.
 */
export function publicOrigin(request: FastifyRequest): string {
  const site = request.site;
  if (!site) return requestOrigin(request);
  if (site.baseUrl) return siteBaseUrl(site);
  if (site.hosts.includes(request.hostname.toLowerCase())) return requestOrigin(request);
  return siteBaseUrl(site);
}

/**
 * What search engines and browsers ask every site for: the site icon in its sizes and the
 * web app manifest (site-icons.routes.ts), /robots.txt and /sitemap.xml (every public page,
 * post and product).
 */
export async function seoRoutes(app: FastifyInstance): Promise<void> {
  await app.register(siteIconRoutes);
  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(robotsTxt(publicOrigin(request))),
  );
  app.get('/sitemap.xml', async (request, reply) => {
    if (!request.site) return reply.callNotFound();
    const site = request.site;
    // Before the first publish every page answers "coming soon": nothing to list yet.
    const launched = site.launchedAt ?? (await siteLaunchedAt(app.database.db, site.id));
    const entries = launched ? await sitemapEntries(app.database.db, site.id) : [];
    // The same versions the pages' own hreflang links name: the language rule of the pages.
    const { defaultLanguage, enabled } = choosePageLanguage(
      await listSiteLanguages(app.database.db, site),
      site.language,
      {},
    );
    const languages = {
      defaultLanguage,
      others: enabled.map((l) => l.language).filter((l) => l !== defaultLanguage),
    };
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemapXml(publicOrigin(request), entries, languages));
  });
}
