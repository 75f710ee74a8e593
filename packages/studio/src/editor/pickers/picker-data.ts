import { formatMoney } from '@store/commerce';
import { type Catalog, type MediaAsset, type PageSummary, api } from '../../api';

export type CatalogProduct = Catalog['products'][number];

/** How long the pickers reuse what they loaded before asking again (a page added elsewhere shows up). */
const FRESH_MS = 30_000;

function cached<T>(load: () => Promise<T>): { get(): Promise<T>; forget(): void } {
  let value: Promise<T> | null = null;
  let at = 0;
  return {
    get() {
      if (!value || Date.now() - at > FRESH_MS) {
        at = Date.now();
        value = load().catch((failure) => {
          value = null;
          throw failure;
        });
      }
      return value;
    },
    forget() {
      value = null;
    },
  };
}

const pages = cached(async () => (await api.pages()).pages);
const catalog = cached(() => api.catalog());
const media = cached(async () => (await api.media()).media);

/**
 * The site's pages, for the link picker. `fresh`: read them again (a picker just opened shows
 * a page added a moment ago elsewhere); the fields' summaries reuse what was read.
 */
export const loadPages = (fresh = false): Promise<PageSummary[]> => {
  if (fresh) pages.forget();
  return pages.get();
};
/** Products (with thumbnail and price), collections and forms. */
export const loadCatalog = (fresh = false): Promise<Catalog> => {
  if (fresh) catalog.forget();
  return catalog.get();
};
/** The media library, newest first. */
export const loadMedia = (fresh = false): Promise<MediaAsset[]> => {
  if (fresh) media.forget();
  return media.get();
};
/** After an upload the library is read again next time. */
export const forgetMedia = () => media.forget();

/** "$28.00", or "$20.00 – $35.00" when the variants' prices differ. */
export function priceLabel(p: Pick<CatalogProduct, 'priceCents' | 'maxPriceCents' | 'currency'>): string {
  const low = formatMoney(p.priceCents, p.currency);
  return p.maxPriceCents > p.priceCents ? `${low} – ${formatMoney(p.maxPriceCents, p.currency)}` : low;
}

/** A small version of a library image (the server resizes /media images; others are shown as they are). */
export function thumbnailUrl(assetUrl: string | null | undefined, width: 100 | 300 = 300): string | null {
  if (!assetUrl) return null;
  return assetUrl.startsWith('/media/') ? `${assetUrl}?format=${width}w` : assetUrl;
}
