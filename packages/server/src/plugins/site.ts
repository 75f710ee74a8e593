import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { type SiteRecord, findSiteByHost } from '../services/site.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website this request is for (Host header, else the default site). */
    site: SiteRecord;
  }
}

/**
 * Resolves the website of every request by its Host header, falling back to the default
 * site. Lookups are cached briefly per process (sites change rarely; a stale entry lives
 * at most `ttlMs`).
 */
export const siteResolver = fp(async (app: FastifyInstance, options: { db: Database; ttlMs?: number }) => {
  const ttl = options.ttlMs ?? 5_000;
  const cache = new Map<string, { site: SiteRecord | null; at: number }>();
  app.decorateRequest('site', null as unknown as SiteRecord);
  app.addHook('onRequest', async (request) => {
    const host = (request.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    const hit = cache.get(host);
    let site: SiteRecord | null;
    if (hit && Date.now() - hit.at < ttl) site = hit.site;
    else {
      site = await findSiteByHost(options.db, host);
      if (cache.size > 1000) cache.clear();
      cache.set(host, { site, at: Date.now() });
    }
    if (site) request.site = site;
  });
});
