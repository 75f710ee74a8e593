import type { Database } from '../db/client';
import { type SiteFrameData, loadSiteFrame } from '../services/page-data';

export type { SiteFrameData };

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
