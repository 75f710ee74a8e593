import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { categories, headerFooters, navigations, pageSettings } from '../db/schema/index';
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
  /**
   * When the next page scheduled for later goes live (epoch ms; null: none): the frame (its
   * navigation hides that page until then) and every page of the site change at that time.
   */
  nextChangeAt: number | null;
}

async function loadSiteFrame(db: Database, websiteId: string): Promise<SiteFrameData> {
  const [collections, [nav], [hf], cats, [scheduled]] = await Promise.all([
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
    // By this process's clock, as `isLive` decides: a page due already is live now.
    db
      .select({ at: pageSettings.publishAt })
      .from(pageSettings)
      .where(
        and(
          eq(pageSettings.websiteId, websiteId),
          eq(pageSettings.status, 'SCHEDULED'),
          gt(pageSettings.publishAt, new Date()),
        ),
      )
      .orderBy(asc(pageSettings.publishAt))
      .limit(1),
  ]);
  return {
    collections,
    navigation: nav?.items ?? [],
    header: hf?.header ?? {},
    footer: hf?.footer ?? {},
    categories: cats,
    nextChangeAt: scheduled?.at?.getTime() ?? null,
  };
}

/**
 * Site frames per website. An entry is valid while the website's cache generation (bumped
 * by every invalidation, see PageCache) is the one it was loaded under; with no generation
 * source every call loads. `onLoad` hears each frame loaded with its generation (the page
 * cache learns the site's next scheduled change from it).
 */
export class SiteFrameCache {
  private readonly frames = new Map<string, { generation: string; data: SiteFrameData }>();

  constructor(
    private readonly generationOf?: (websiteId: string) => string,
    private readonly onLoad?: (websiteId: string, generation: string, data: SiteFrameData) => void,
  ) {}

  async get(db: Database, websiteId: string): Promise<SiteFrameData> {
    if (!this.generationOf) return loadSiteFrame(db, websiteId);
    const generation = this.generationOf(websiteId);
    const hit = this.frames.get(websiteId);
    if (hit && hit.generation === generation) return hit.data;
    const data = await loadSiteFrame(db, websiteId);
    this.onLoad?.(websiteId, generation, data);
    // Only kept when nothing changed while loading (else the next request loads again).
    if (this.generationOf(websiteId) === generation) {
      if (this.frames.size >= 1000) this.frames.clear();
      this.frames.set(websiteId, { generation, data });
    }
    return data;
  }
}
