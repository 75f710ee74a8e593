import { type CurrencyCode, displayPriceCents, productFromItem } from '@store/commerce';
import type { PageContext } from './page-context';

/** The shop's sort orders (`?sort=`), in the order the menu lists them. */
export const SHOP_SORTS = [
  { value: 'featured', label: 'Featured' },
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'name', label: 'Name' },
] as const;

type ShopItem = Record<string, unknown> & { title?: string; addedOn?: number; categories?: string[] };

function priceOf(item: ShopItem, currency: CurrencyCode): number {
  return displayPriceCents(productFromItem(item, { currency }));
}

/**
 * The store page as the shopper asked for it: `?category=<slug>` keeps that category's
 * products, `?sort=` orders them (featured = the owner's order). Adds `shopNav` for the
 * template: category links (All first) and the sort menu with the current choice. Unknown
 * values fall back to all products in featured order.
 */
export function applyShopView(context: PageContext, query: Record<string, string | undefined>): void {
  const categories = (context.categories ?? []) as { displayName: string; slug: string }[];
  const base = String(context.collection?.fullUrl ?? '/shop');
  const chosen = categories.find((c) => c.slug === query.category);
  const sort = SHOP_SORTS.find((s) => s.value === query.sort)?.value ?? 'featured';
  const currency = ((context.website as { currency?: CurrencyCode }).currency ?? 'USD') as CurrencyCode;
  let items = (context.items ?? []) as ShopItem[];
  if (chosen) items = items.filter((i) => i.categories?.includes(chosen.displayName));
  const sorted = [...items];
  if (sort === 'newest') sorted.sort((a, b) => (b.addedOn ?? 0) - (a.addedOn ?? 0));
  else if (sort === 'name') sorted.sort((a, b) => String(a.title).localeCompare(String(b.title)));
  else if (sort !== 'featured') {
    const dir = sort === 'price-asc' ? 1 : -1;
    sorted.sort((a, b) => dir * (priceOf(a, currency) - priceOf(b, currency)));
  }
  context.items = sorted;
  const link = (slug?: string) => {
    const params = new URLSearchParams();
    if (slug) params.set('category', slug);
    if (sort !== 'featured') params.set('sort', sort);
    const q = params.toString();
    return q ? `${base}?${q}` : base;
  };
  context.shopNav = {
    category: chosen?.slug ?? '',
    categories: [
      { displayName: 'All', url: link(), active: !chosen },
      ...categories.map((c) => ({ displayName: c.displayName, url: link(c.slug), active: c === chosen })),
    ],
    sorts: SHOP_SORTS.map((s) => ({ ...s, selected: s.value === sort })),
  };
}
