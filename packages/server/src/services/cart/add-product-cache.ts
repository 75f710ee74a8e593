import type { AddRead } from './cart-add-sql';

export type AddProduct = NonNullable<AddRead['product']>;

/**
 * Products as the cart add reads them, kept per process so that an add is one statement.
 * Only the rules' inputs that change rarely are trusted from here (options,
 * variants, product type); the write checks live stock and the variant's existence itself,
 * and any refusal is re-checked on live data. Entries are dropped by the same NOTIFY
 * channels as cached pages (pages/page-invalidation.ts), and a product read before an
 * invalidation is never stored after it (per-site generations, as in PageCache).
 */
export class AddProductCache {
  private readonly entries = new Map<string, AddProduct>();
  private readonly generations = new Map<string, number>();
  private epoch = 0;

  constructor(private readonly maxEntries = 2_000) {}

  generation(websiteId: string): string {
    return `${this.epoch}.${this.generations.get(websiteId) ?? 0}`;
  }

  get(websiteId: string, itemId: string): AddProduct | undefined {
    return this.entries.get(`${websiteId} ${itemId}`);
  }

  set(websiteId: string, itemId: string, generation: string, product: AddProduct): void {
    if (generation !== this.generation(websiteId)) return;
    // Bounded: when full, start over (a miss costs one extra statement, nothing more).
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(`${websiteId} ${itemId}`, product);
  }

  invalidateSite(websiteId: string): void {
    this.bump(websiteId);
    const prefix = `${websiteId} `;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
  }

  invalidateItem(websiteId: string, itemId: string): void {
    this.bump(websiteId);
    this.entries.delete(`${websiteId} ${itemId}`);
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  private bump(websiteId: string): void {
    this.generations.set(websiteId, (this.generations.get(websiteId) ?? 0) + 1);
  }
}

/**
 * One cache per database handle, present only while something LISTENs for that database's
 * changes (watchSiteChanges): without a listener nothing would drop stale entries, so the
 * cart add then reads the product every time.
 */
const caches = new WeakMap<object, { cache: AddProductCache; watchers: number }>();

export function addProductCacheFor(db: object): AddProductCache | undefined {
  return caches.get(db)?.cache;
}

/** Start keeping products for `db`; returns the cache and a release for the watcher. */
export function watchAddProducts(db: object): { cache: AddProductCache; release: () => void } {
  let slot = caches.get(db);
  if (!slot) {
    slot = { cache: new AddProductCache(), watchers: 0 };
    caches.set(db, slot);
  }
  slot.watchers++;
  const held = slot;
  let released = false;
  return {
    cache: held.cache,
    release: () => {
      if (released) return;
      released = true;
      held.watchers--;
      if (held.watchers === 0 && caches.get(db) === held) caches.delete(db);
    },
  };
}
