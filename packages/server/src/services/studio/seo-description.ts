import type { StoredLayout } from '../../db/schema/index';

export const SEO_DESCRIPTION_MAX = 250;

const textProps: Record<string, string[]> = {
  heading: ['text'],
  text: ['html'],
  quote: ['text'],
  markdown: ['markdown'],
  newsletter: ['title', 'description'],
};

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[#*`>_[\]()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at 250 characters (spec §9), on a word boundary when there is one near the end. */
export function capDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= SEO_DESCRIPTION_MAX) return clean;
  const cut = clean.slice(0, SEO_DESCRIPTION_MAX);
  const space = cut.lastIndexOf(' ');
  return (space > SEO_DESCRIPTION_MAX - 40 ? cut.slice(0, space) : cut).trim();
}

/**
 * The page's SEO description: the owner's own when set, else generated from the page's
 * text (headings, text, quotes, markdown) or its legacy HTML body; at most 250 characters.
 */
export function seoDescription(own: string, layout: StoredLayout | null, body = ''): string {
  if (own.trim()) return capDescription(own);
  const parts: string[] = [];
  for (const section of layout?.sections ?? [])
    for (const block of section.blocks)
      for (const prop of textProps[block.type] ?? []) parts.push(plain(String(block.props[prop] ?? '')));
  if (!parts.length && body) parts.push(plain(body));
  return capDescription(parts.filter(Boolean).join(' '));
}
