import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Content changed (publish, navigation, header/footer, design, settings, hosts, tax, shipping): payload = website id. */
export const SITE_CHANGED = 'site_changed';
/** A catalogue item's page data changed (price, stock state, …): payload = "<website id> <item id>". */
export const CATALOG_CHANGED = 'catalog_changed';

/** `null` website: anything may have changed (the listener reconnected and may have missed some). */
type SiteListener = (websiteId: string | null) => void;
/** `null` item: any item of the website (or, with a `null` website, of every website). */
type CatalogListener = (websiteId: string | null, itemId: string | null) => void;

/**
 * The change notifications of this process, heard once and handed to every cache that
 * must follow them (rendered pages, site frames, the host lookup, tax and shipping rules,
 * the cart's products, the scheduled-publish timer). Listeners run synchronously in the
 * notification callback, so all of a process's caches move together.
 */
export class SiteChanges {
  private readonly site = new Set<SiteListener>();
  private readonly catalog = new Set<CatalogListener>();

  onSite(listener: SiteListener): () => void {
    this.site.add(listener);
    return () => this.site.delete(listener);
  }

  onCatalog(listener: CatalogListener): () => void {
    this.catalog.add(listener);
    return () => this.catalog.delete(listener);
  }

  /** A `site_changed` payload: a website id, empty for every website. */
  siteChanged(payload: string): void {
    const websiteId = payload.trim() || null;
    for (const listener of this.site) listener(websiteId);
  }

  /** A `catalog_changed` payload: "<website id> <item id>", either part may be missing. */
  catalogChanged(payload: string): void {
    const [websiteId, itemId] = payload.trim().split(/\s+/, 2);
    for (const listener of this.catalog) listener(websiteId || null, websiteId && itemId ? itemId : null);
  }

  /** The listening connection came back: whatever was missed, every cache starts over. */
  reset(): void {
    for (const listener of this.site) listener(null);
    for (const listener of this.catalog) listener(null, null);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    siteChanges: SiteChanges;
  }
}

/**
 * LISTENs on `site_changed` and `catalog_changed` (PostgreSQL, and PGlite in process) and
 * decorates `app.siteChanges`. Writes NOTIFY inside their transactions (migration 0006's
 * triggers, and services' `notifySiteChanged`), so every process hears a change when it
 * commits, not before.
 */
export const siteChangesPlugin = fp(async (app: FastifyInstance) => {
  const changes = new SiteChanges();
  app.decorate('siteChanges', changes);
  const onReset = () => {
    app.log.warn({}, 'change listener reconnected; dropping every cached page, site and rule');
    changes.reset();
  };
  const stops = await Promise.all([
    app.database.listen(SITE_CHANGED, (payload) => changes.siteChanged(payload), onReset),
    app.database.listen(CATALOG_CHANGED, (payload) => changes.catalogChanged(payload), onReset),
  ]);
  app.addHook('onClose', async () => {
    await Promise.all(stops.map((stop) => stop()));
  });
});
