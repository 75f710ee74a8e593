import { describe, expect, it } from 'vitest';
import type { PageContext } from './page-context';
import { applyShopView } from './shop-view';

const item = (title: string, cents: number, category: string, addedOn: number, sale?: number) => ({
  title,
  addedOn,
  categories: [category],
  structuredContent: {
    productType: 1,
    variants: [
      {
        sku: title,
        priceMoney: { value: (cents / 100).toFixed(2), currency: 'USD' },
        salePriceMoney: { value: ((sale ?? 0) / 100).toFixed(2), currency: 'USD' },
        onSale: sale !== undefined,
        qtyInStock: 1,
        unlimited: false,
        attributes: {},
      },
    ],
  },
});

function context(): PageContext {
  return {
    pageType: 1,
    website: { currency: 'USD' },
    websiteSettings: {},
    collection: { fullUrl: '/shop' } as PageContext['collection'],
    categories: [
      { displayName: 'Apparel', slug: 'apparel' },
      { displayName: 'Home', slug: 'home' },
    ],
    items: [
      item('Tee', 2800, 'Apparel', 1),
      item('Mug', 3200, 'Home', 3),
      item('Hoodie', 7200, 'Apparel', 2, 5400),
    ],
  };
}

const titles = (c: PageContext) => (c.items ?? []).map((i) => i.title);

describe('applyShopView', () => {
  it.each([
    [{}, ['Tee', 'Mug', 'Hoodie']],
    [{ sort: 'newest' }, ['Mug', 'Hoodie', 'Tee']],
    [{ sort: 'name' }, ['Hoodie', 'Mug', 'Tee']],
    [{ sort: 'price-asc' }, ['Tee', 'Mug', 'Hoodie']],
    [{ sort: 'price-desc' }, ['Hoodie', 'Mug', 'Tee']],
    [{ category: 'apparel', sort: 'price-desc' }, ['Hoodie', 'Tee']],
    [{ category: 'nope', sort: 'bogus' }, ['Tee', 'Mug', 'Hoodie']],
  ])('%o → %o', (query, expected) => {
    const c = context();
    applyShopView(c, query);
    expect(titles(c)).toEqual(expected);
  });

  it('sorts by the sale price and links categories keeping the sort', () => {
    const c = context();
    c.items?.push(item('Pin', 6000, 'Home', 4));
    applyShopView(c, { sort: 'price-asc', category: 'home' });
    expect(titles(c)).toEqual(['Mug', 'Pin']);
    const nav = c.shopNav as {
      categories: { url: string; active: boolean }[];
      sorts: { selected: boolean }[];
    };
    expect(nav.categories.map((x) => x.url)).toEqual([
      '/shop?sort=price-asc',
      '/shop?category=apparel&sort=price-asc',
      '/shop?category=home&sort=price-asc',
    ]);
    expect(nav.categories.map((x) => x.active)).toEqual([false, false, true]);
    expect(nav.sorts.filter((s) => s.selected)).toHaveLength(1);
    // The $54 sale hoodie sorts below a $60 pin.
    const all = context();
    all.items?.push(item('Pin', 6000, 'Home', 4));
    applyShopView(all, { sort: 'price-desc' });
    expect(titles(all)).toEqual(['Pin', 'Hoodie', 'Mug', 'Tee']);
  });
});
