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
  // A callback hook: a cached site costs no promise; only a miss waits for the database.
  // Keyed by the raw Host header (normalised only on a miss); bounded like before.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.headers.host ?? '';
    const hit = cache.get(raw);
    if (hit && Date.now() - hit.at < ttl) {
      if (hit.site) request.site = hit.site;
      return done();
    }
    const host = raw.toLowerCase().replace(/:\d+$/, '');
    findSiteByHost(options.db, host).then((site) => {
      if (cache.size > 1000) cache.clear();
      cache.set(raw, { site, at: Date.now() });
      if (site) request.site = site;
      done();
    }, done);
  });
});
