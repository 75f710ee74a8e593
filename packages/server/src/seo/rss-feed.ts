import type { PageContext } from '../pages/page-context';

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface FeedItem {
  title?: unknown;
  fullUrl?: unknown;
  excerpt?: unknown;
  body?: unknown;
  author?: unknown;
  publishOn?: unknown;
  id?: unknown;
}

/**
 * RSS 2.0 for a blog collection page (`/blog?format=rss`): one <item> per post in the page's
 * order, the excerpt (or body) as HTML description, absolute links under `origin`.
 */
export function rssFeed(context: PageContext, origin: string): string {
  const collection = context.collection as
    | { title?: string; fullUrl?: string; description?: string }
    | undefined;
  const site = String((context.website as { siteTitle?: string }).siteTitle ?? '');
  const link = `${origin}${collection?.fullUrl ?? '/'}`;
  const items = ((context.items ?? []) as FeedItem[]).map((post) => {
    const url = `${origin}${String(post.fullUrl ?? '')}`;
    const date = typeof post.publishOn === 'number' ? new Date(post.publishOn).toUTCString() : null;
    const description = String(post.excerpt || post.body || '');
    return [
      '<item>',
      `<title>${xml(String(post.title ?? ''))}</title>`,
      `<link>${xml(url)}</link>`,
      `<guid isPermaLink="true">${xml(url)}</guid>`,
      date ? `<pubDate>${date}</pubDate>` : '',
      post.author ? `<dc:creator>${xml(String(post.author))}</dc:creator>` : '',
      `<description>${xml(description)}</description>`,
      '</item>',
    ].join('');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${xml(`${collection?.title ?? 'Blog'} — ${site}`)}</title>`,
    `<link>${xml(link)}</link>`,
    `<atom:link href="${xml(`${link}?format=rss`)}" rel="self" type="application/rss+xml"/>`,
    `<description>${xml(collection?.description || `${collection?.title ?? 'Blog'} from ${site}`)}</description>`,
    `<language>${xml(String((context.website as { language?: string }).language ?? 'en-US'))}</language>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}
