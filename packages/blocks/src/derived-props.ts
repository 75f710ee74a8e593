import type { Block } from './layout';

const SOCIAL: [RegExp, string][] = [
  [/instagram\.com/, 'Instagram'],
  [/facebook\.com/, 'Facebook'],
  [/(twitter|x)\.com/, 'X'],
  [/pinterest\./, 'Pinterest'],
  [/youtube\.com/, 'YouTube'],
  [/tiktok\.com/, 'TikTok'],
  [/linkedin\.com/, 'LinkedIn'],
];

/** An embeddable player address for YouTube and Vimeo links; null for anything else. */
function embedUrl(url: string): string | null {
  const yt = /^https:\/\/(?:www\.)?(?:youtube\.com\/watch\?v=|youtu\.be\/)([\w-]{6,20})/.exec(url);
  if (yt) return `https://www.youtube-nocookie.com/embed/${yt[1]}`;
  const vimeo = /^https:\/\/(?:www\.)?vimeo\.com\/(\d{4,12})/.exec(url);
  return vimeo ? `https://player.vimeo.com/video/${vimeo[1]}` : null;
}

/**
 * Values a template cannot compute itself, derived from a block's props the same way on
 * the server and in the studio (lists typed one per line, video players, map links).
 */
export function derivedProps(block: Block): Record<string, unknown> {
  const p = block.props;
  const lines = (value: unknown) =>
    String(value ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  switch (block.type) {
    case 'accordion':
      return {
        entries: lines(p.items).map((line) => {
          const [title, ...rest] = line.split('|');
          return { title: title.trim(), text: rest.join('|').trim() };
        }),
      };
    case 'sociallinks':
      return {
        profiles: lines(p.links)
          .filter((url) => /^https:\/\/[^\s"<>]+$/.test(url))
          .map((url) => ({
            url,
            name: SOCIAL.find(([re]) => re.test(url))?.[1] ?? /^https:\/\/([^/?#]+)/.exec(url)?.[1] ?? url,
          })),
      };
    case 'video': {
      const url = String(p.url ?? '');
      const player = embedUrl(url);
      return { player, file: !player && /\.(mp4|webm|mov)(\?|$)/i.test(url) ? url : null };
    }
    case 'map': {
      const address = String(p.address ?? '').trim();
      return {
        mapUrl: address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null,
      };
    }
    default:
      return {};
  }
}
