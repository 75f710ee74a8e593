import type { IslandData } from '@store/api/client';

// The island data's types come from @store/api (the schema the server builds it against).
export type { InstalmentData, IslandProduct as ProductData } from '@store/api/client';
export type PageData = IslandData;

let cached: PageData | null = null;

/** The page's island data (the JSON the server put in #sf-data). */
export function pageData(): PageData {
  if (cached) return cached;
  const el = document.getElementById('sf-data');
  let parsed: Partial<PageData> = {};
  try {
    parsed = JSON.parse(el?.textContent || '{}');
  } catch {
    // A broken #sf-data: the islands run with the defaults below.
  }
  cached = parsed as PageData;
  cached.products ??= {};
  cached.localizedStrings ??= {};
  cached.storeSettings ??= {};
  cached.currency ??= 'USD';
  return cached;
}
