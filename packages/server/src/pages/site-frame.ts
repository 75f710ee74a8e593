import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, headerFooters, navigations } from '../db/schema/index';
import { type CategoryRow, type CollectionRow, listCollections } from '../services/catalog.service';
import type { NavigationItem } from '../db/schema/site';

/** What every page of a site shows around its content: loaded once, kept until the site changes. */
export interface SiteFrameData {
  collections: CollectionRow[];
  navigation: NavigationItem[];
  header: Record<string, unknown>;
  footer: Record<string, unknown>;
  /** Every category of the site, in display order (filtered per collection by the pages). */
  categories: CategoryRow[];
}

async function loadSiteFrame(db: Database, websiteId: string): Promise<SiteFrameData> {
  const [collections, [nav], [hf], cats] = await Promise.all([
    listCollections(db, websiteId),
    db
      .select()
      .from(navigations)
      .where(eq(navigations.websiteId, websiteId))
      .orderBy(asc(navigations.identifier))
      .limit(1),
    db.select().from(headerFooters).where(eq(headerFooters.websiteId, websiteId)),
    db
      .select()
      .from(categories)
      .where(eq(categories.websiteId, websiteId))
      .orderBy(asc(categories.displayIndex)),
  ]);
  return {
    collections,
    navigation: nav?.items ?? [],
    header: hf?.header ?? {},
    footer: hf?.footer ?? {},
    categories: cats,
  };
}

/**
 * Site frames per website. An entry is valid while the website's cache generation (bumped
 * by every invalidation, see PageCache) is the one it was loaded under; with no generation
 * source every call loads.
 */
export class SiteFrameCache {
  private readonly frames = new Map<string, { generation: string; data: SiteFrameData }>();

  constructor(private readonly generationOf?: (websiteId: string) => string) {}

  async get(db: Database, websiteId: string): Promise<SiteFrameData> {
    if (!this.generationOf) return loadSiteFrame(db, websiteId);
    const generation = this.generationOf(websiteId);
    const hit = this.frames.get(websiteId);
    if (hit && hit.generation === generation) return hit.data;
    const data = await loadSiteFrame(db, websiteId);
    // Only kept when nothing changed while loading (else the next request loads again).
    if (this.generationOf(websiteId) === generation) {
      if (this.frames.size >= 1000) this.frames.clear();
      this.frames.set(websiteId, { generation, data });
    }
    return data;
  }
}
