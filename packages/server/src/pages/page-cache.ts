import { createHash } from 'node:crypto';
import { brotliCompress, constants, gzipSync } from 'node:zlib';

/**
 * What a cached page shows from the catalogue: the item ids on it, `'all'` when any item
 * change may alter it (search results), `'none'` when it shows no catalogue item.
 */
export type PageItems = ReadonlySet<string> | 'all' | 'none';

export interface CachedPage {
  websiteId: string;
  status: number;
  contentType: string;
  etag: string;
  body: Buffer;
  gzip: Buffer;
  /** Added when the background brotli pass finishes (until then gzip is served). */
  brotli?: Buffer;
  items: PageItems;
  /** The page's own Content-Security-Policy (the players it embeds); absent: the site's strict one. */
  csp?: string | null;
  bytes: number;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/**
 * Rendered pages (and their compressed forms) kept in memory until what they show changes.
 * Bounded by total bytes (least recently used entries go first). Invalidation is per
 * website, or per catalogue item within a website.
 *
 * A render that started before an invalidation must not be stored after it (it may hold
 * the old data): callers take `generation(websiteId)` before reading the database and
 * pass it to `set`, which drops the page when the website changed meanwhile.
 *
 * Time changes pages too (a page scheduled for later goes live, and with it its navigation
 * link): `expireSiteAt` records a website's next scheduled change, and at that moment the
 * website counts as invalidated (its pages are misses and its generation moves on), on
 * every process by its own clock, whether or not the scheduler's notification arrived.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly generations = new Map<string, number>();
  /** Website id → epoch ms of its next scheduled change (pages cached until then). */
  private readonly expiries = new Map<string, number>();
  /** Bumped by clear(): invalidates renders in flight for every website. */
  private epoch = 0;
  private totalBytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(readonly maxBytes: number) {}

  get enabled(): boolean {
    return this.maxBytes > 0;
  }

  /** Changes whenever something cached for this website is invalidated. */
  generation(websiteId: string): string {
    this.expireDue(websiteId);
    return `${this.epoch}.${this.generations.get(websiteId) ?? 0}`;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry || this.expireDue(entry.websiteId)) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Re-insert: the Map's insertion order doubles as recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Store a rendered page unless its website changed since `generation` was read. */
  set(
    key: string,
    generation: string,
    page: Pick<CachedPage, 'websiteId' | 'status' | 'contentType' | 'body' | 'items' | 'csp'>,
  ): CachedPage {
    const entry: CachedPage = {
      ...page,
      etag: `"${createHash('sha1').update(page.body).digest('base64url')}"`,
      gzip: gzipSync(page.body, { level: 6 }),
      bytes: 0,
    };
    entry.bytes = key.length + entry.body.length + entry.gzip.length;
    if (!this.enabled || generation !== this.generation(page.websiteId) || entry.bytes > this.maxBytes / 4)
      return entry;
    this.remove(key);
    this.entries.set(key, entry);
    this.totalBytes += entry.bytes;
    this.evict();
    // Brotli is ~20 % smaller than gzip but slower to make: done off the request path.
    brotliCompress(
      page.body,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 9,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      },
      (error, compressed) => {
        if (error || this.entries.get(key) !== entry) return;
        entry.brotli = compressed;
        entry.bytes += compressed.length;
        this.totalBytes += compressed.length;
        this.evict();
      },
    );
    return entry;
  }

  /**
   * What was read under `generation` is valid only until `at` (epoch ms; null: no scheduled
   * change). Ignored when the website changed since: the next load reads the schedule again.
   */
  expireSiteAt(websiteId: string, generation: string, at: number | null): void {
    if (at === null || generation !== this.generation(websiteId)) return;
    const known = this.expiries.get(websiteId);
    if (known === undefined || at < known) this.expiries.set(websiteId, at);
  }

  /** Drop every page of a website (site content changed). */
  invalidateSite(websiteId: string): void {
    // The schedule may have changed too: whoever loads the site next records it again.
    this.expiries.delete(websiteId);
    this.bump(websiteId);
    for (const [key, entry] of this.entries) if (entry.websiteId === websiteId) this.remove(key);
  }

  /** Drop the pages of a website that show one of these items (or may show any item). */
  invalidateItems(websiteId: string, itemIds: readonly string[]): void {
    this.bump(websiteId);
    for (const [key, entry] of this.entries) {
      if (entry.websiteId !== websiteId || entry.items === 'none') continue;
      if (entry.items === 'all' || itemIds.some((id) => (entry.items as ReadonlySet<string>).has(id)))
        this.remove(key);
    }
  }

  /** Drop everything (the invalidation channel was interrupted: changes may have been missed). */
  clear(): void {
    this.epoch++;
    this.expiries.clear();
    this.entries.clear();
    this.totalBytes = 0;
  }

  stats(): PageCacheStats {
    return { entries: this.entries.size, bytes: this.totalBytes, hits: this.hits, misses: this.misses };
  }

  /** True (and the website invalidated) when its scheduled change has come. */
  private expireDue(websiteId: string): boolean {
    const at = this.expiries.get(websiteId);
    if (at === undefined || at > Date.now()) return false;
    this.invalidateSite(websiteId);
    return true;
  }

  private bump(websiteId: string): void {
    this.generations.set(websiteId, (this.generations.get(websiteId) ?? 0) + 1);
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.totalBytes -= old.bytes;
  }

  private evict(): void {
    while (this.totalBytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }
}

/** The encoding to send for an Accept-Encoding header: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined, page: CachedPage): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  if (page.brotli && BROTLI.test(acceptEncoding)) return 'br';
  if (GZIP.test(acceptEncoding)) return 'gzip';
  return null;
}

// A coding is accepted when named without `;q=0`.
const BROTLI = /(?:^|[\s,])br(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))(?:\s*[;,]|\s*$)/i;
const GZIP = /(?:^|[\s,])(?:x-)?gzip(?!\s*;\s*q=0(?:\.0*)?\s*(?:,|$))(?:\s*[;,]|\s*$)/i;
