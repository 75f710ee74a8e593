/**
 * Deterministic site JSON for the template benchmark (~150 KB): a blog/store collection
 * page with navigation, items, products, tags and settings, shaped like real page data.
 */

/** Small linear congruential generator so every run builds the same data. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const WORDS =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris nisi aliquip ex ea commodo consequat'.split(
    ' ',
  );

export function siteData(): Record<string, unknown> {
  const rand = rng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const title = (n: number) => words(n).replace(/\b\w/g, (c) => c.toUpperCase());
  const tags = ['travel', 'food', 'design', 'news', 'shop', 'music', 'art', 'life'];
  const items = Array.from({ length: 76 }, (_, i) => ({
    id: `item-${i}`,
    title: `${title(4)} "${i}" & <more>`,
    urlId: `post-${i}`,
    fullUrl: `/blog/post-${i}`,
    addedOn: 1_500_000_000_000 + i * 86_400_000,
    publicCommentCount: Math.floor(rand() * 5),
    starred: rand() > 0.8,
    recordType: i % 5 === 0 ? 11 : 1,
    backgroundSource: i % 7 === 0 ? 3 : 1,
    author: { displayName: `${title(1)} ${title(1)}`, id: `a${i % 4}` },
    tags: [pick(tags), pick(tags)],
    categories: [pick(tags)],
    excerpt: `<p>${words(30)}</p>`,
    body: Array.from({ length: 3 }, () => `<p>${words(60)}</p>`).join('\n'),
    assetUrl: `https://images.example.com/${i}/photo.jpg`,
    originalSize: `${1000 + i * 10}x${700 + i * 5}`,
    structuredContent:
      i % 5 === 0
        ? {
            productType: 1,
            variants: Array.from({ length: 3 }, (_, v) => ({
              sku: `SKU-${i}-${v}`,
              price: 1000 + v * 250,
              onSale: v === 1,
              salePrice: 900,
              qtyInStock: v * 3,
              attributes: { Size: ['S', 'M', 'L'][v] },
            })),
          }
        : null,
  }));
  return {
    website: {
      siteTitle: 'Wright & Co.',
      baseUrl: 'https://example.com',
      timeZone: 'Europe/Paris',
      socialAccounts: tags.map((t) => ({ serviceName: t, profileUrl: `https://social.example.com/${t}` })),
    },
    websiteSettings: { commentsEnabled: true, storeSettings: { currencySymbol: '€' } },
    navigation: Array.from({ length: 8 }, (_, i) => ({
      title: title(2),
      url: `/page-${i}`,
      active: i === 2,
      children:
        i % 3 === 0 ? Array.from({ length: 4 }, (_, c) => ({ title: title(2), url: `/page-${i}/${c}` })) : [],
    })),
    collection: {
      title: 'Journal',
      description: `<p>${words(40)}</p>`,
      itemCount: items.length,
      typeName: 'blog',
    },
    items,
    pagination: { nextPage: true, nextPageUrl: '/blog?offset=76', pageSize: 76 },
    footer: { text: words(50), links: tags.map((t) => ({ title: t, url: `/tag/${t}` })) },
    debug: false,
  };
}
