import {
  type CurrencyCode,
  isSoldOut,
  minorToDecimal,
  productFromItem,
  variantPriceCents,
} from '@store/commerce';
import type { PageContext } from '../pages/page-context';
import { PageType, RecordType } from '../pages/page-types';

const attr = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const plain = (html: unknown) =>
  typeof html === 'string'
    ? html
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : '';

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no `</script>` can close it. */
function jsonLd(data: unknown): string {
  const json = JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  return `<script type="application/ld+json">${json}</script>`;
}

type Item = Record<string, unknown> & { title?: string; fullUrl?: string; assetUrl?: string | null };

/** Absolute URL of a site path (the origin is the site's base URL, set per request). */
function absolute(origin: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${origin}${path}`;
}

/** schema.org Product with one Offer per variant: price, currency, availability. */
function productLd(item: Item, currency: CurrencyCode, url: string, origin: string) {
  const product = productFromItem(item, { currency });
  const soldOut = isSoldOut(product);
  const offers = product.variants.map((v) => ({
    '@type': 'Offer',
    sku: v.sku,
    price: minorToDecimal(variantPriceCents(v), currency),
    priceCurrency: currency,
    availability:
      soldOut ||
      (!v.unlimited && v.qtyInStock <= 0 && (product.productType === 1 || product.productType === 3))
        ? 'https://schema.org/OutOfStock'
        : 'https://schema.org/InStock',
    url,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: plain(item.excerpt) || undefined,
    image: item.assetUrl ? [absolute(origin, item.assetUrl)] : undefined,
    sku: product.variants.length === 1 ? product.variants[0]?.sku : undefined,
    url,
    offers,
  };
}

function postLd(item: Item, url: string, origin: string, site: string) {
  const date = typeof item.publishOn === 'number' ? new Date(item.publishOn).toISOString() : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: item.title,
    description: plain(item.excerpt) || undefined,
    datePublished: date,
    author: item.author ? { '@type': 'Person', name: item.author } : undefined,
    publisher: { '@type': 'Organization', name: site },
    image: item.assetUrl ? absolute(origin, item.assetUrl) : undefined,
    mainEntityOfPage: url,
    url,
  };
}

/** The page's own path, or null for pages that are not to be indexed (cart, checkout, search…). */
function canonicalPath(context: PageContext): string | null {
  if (context.pageType === PageType.contentItem) return (context.item?.fullUrl as string | undefined) ?? null;
  if (context.pageType === PageType.collection || context.pageType === PageType.page)
    return (context.collection?.fullUrl as string | undefined) ?? null;
  return null;
}

interface LanguageOption {
  language: string;
  current: boolean;
  isDefault: boolean;
}

/**
 * Where each language version of the page lives, when the site offers more than one: the
 * default language at the plain address, the others with `?lang=` (the page route serves and
 * caches each). Search engines get every version as `hreflang` alternates (x-default being
 * the plain one), and each version is its own canonical, so a translation is indexed as
 * such instead of as a duplicate of the default page.
 */
/** The address of a page's version in `language`: the plain one for the default language. */
export function languageVersionUrl(url: string, language: string, isDefault: boolean): string {
  return isDefault ? url : `${url}?lang=${encodeURIComponent(language)}`;
}

function languageVersions(context: PageContext, url: string): { canonical: string; tags: string[] } {
  const options = (context.languageSwitcher as { options?: LanguageOption[] } | undefined)?.options ?? [];
  if (options.length < 2) return { canonical: url, tags: [] };
  const href = (o: LanguageOption) => languageVersionUrl(url, o.language, o.isDefault);
  const tags = options.map(
    (o) => `<link rel="alternate" hreflang="${attr(o.language)}" href="${attr(href(o))}">`,
  );
  tags.push(`<link rel="alternate" hreflang="x-default" href="${attr(url)}">`);
  const current = options.find((o) => o.current);
  return { canonical: current ? href(current) : url, tags };
}

/**
 * What search engines and link previews read in `<head>`: the canonical URL, Open Graph and
 * Twitter card tags, schema.org Product (offers, availability) or BlogPosting JSON-LD, the
 * blog's RSS link, the other language versions (hreflang); pages that are not content (cart, checkout, search, not found) get
 * `noindex` instead.
 */
export function seoHead(context: PageContext, title: string, description: string | null): string {
  const website = context.website as {
    siteTitle?: string;
    baseUrl?: string;
    currency?: CurrencyCode;
    language?: string;
  };
  const origin = (website.baseUrl ?? '').replace(/\/$/, '');
  const site = website.siteTitle ?? '';
  const path = canonicalPath(context);
  if (path === null) return '<meta name="robots" content="noindex">';
  const versions = languageVersions(context, absolute(origin, path));
  const url = versions.canonical;
  const item = context.item as Item | undefined;
  const isProduct =
    item?.recordType === RecordType.storeItem || Number(item?.recordType) === RecordType.storeItem;
  const image = item?.assetUrl ? absolute(origin, item.assetUrl) : null;
  const tags = [
    `<link rel="canonical" href="${attr(url)}">`,
    `<meta property="og:site_name" content="${attr(site)}">`,
    `<meta property="og:title" content="${attr(title)}">`,
    `<meta property="og:type" content="${item ? (isProduct ? 'product' : 'article') : 'website'}">`,
    `<meta property="og:url" content="${attr(url)}">`,
    description ? `<meta property="og:description" content="${attr(description)}">` : '',
    image ? `<meta property="og:image" content="${attr(image)}">` : '',
    `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<meta name="twitter:title" content="${attr(title)}">`,
    description ? `<meta name="twitter:description" content="${attr(description)}">` : '',
    image ? `<meta name="twitter:image" content="${attr(image)}">` : '',
    ...versions.tags,
  ];
  if (item && isProduct) tags.push(jsonLd(productLd(item, website.currency ?? 'USD', url, origin)));
  else if (item) tags.push(jsonLd(postLd(item, url, origin, site)));
  if (context.collection?.typeName === 'blog')
    tags.push(
      `<link rel="alternate" type="application/rss+xml" title="${attr(`${context.collection.title} — ${site}`)}" href="${attr(`${absolute(origin, String(context.collection.fullUrl))}?format=rss`)}">`,
    );
  return tags.filter(Boolean).join('\n');
}
