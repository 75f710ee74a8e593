import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { type SiteRecord, findSiteByHost } from '../services/site.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The website this request is for (Host header, else the default site). */
    site: SiteRecord;
  }
  interface FastifyInstance {
    /** The host lookup cache: `forget` drops it (an owner's write on this process, read-your-writes). */
    siteLookups: { forget(): void };
  }
}

interface Lookup {
  site: SiteRecord | null;
  /** The host is one of the site's own (not the default site standing in for an unknown host). */
  own: boolean;
  at: number;
}

/**
 * Resolves the website of every request by its Host header, falling back to the default
 * site. Lookups are cached per process and follow `site_changed` (migration 0006's websites
 * trigger: a host added or moved, a setting changed): a site's change drops its own hosts
 * and every host that fell back to the default site (it may be the new one's now), on every
 * process when the change commits. `ttlMs` is only the safety net should a notification be lost.
 */
export const siteResolver = fp(async (app: FastifyInstance, options: { db: Database; ttlMs?: number }) => {
  const ttl = options.ttlMs ?? 5_000;
  const cache = new Map<string, Lookup>();
  // Bumped by every change: a lookup that a change overtook is used once but never kept.
  let epoch = 0;
  const forget = (websiteId: string | null) => {
    epoch++;
    if (websiteId === null) return cache.clear();
    for (const [host, lookup] of cache)
      if (!lookup.own || !lookup.site || lookup.site.id === websiteId) cache.delete(host);
  };
  app.decorate('siteLookups', { forget: () => forget(null) });
  app.decorateRequest('site', null as unknown as SiteRecord);
  if (app.hasDecorator('siteChanges')) {
    const stop = app.siteChanges.onSite(forget);
    app.addHook('onClose', async () => stop());
  }
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
    const started = epoch;
    findSiteByHost(options.db, host).then((site) => {
      if (started === epoch) {
        if (cache.size > 1000) cache.clear();
        cache.set(raw, { site, own: Boolean(site?.hosts.includes(host)), at: Date.now() });
      }
      if (site) request.site = site;
      done();
    }, done);
  });
});
