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
 * A gallery's slides with the anchors its links use (slide, lightbox, previous / next,
 * wrapping round), and whether it needs the small gallery script: autoplay, arrows and
 * thumbnails in a slideshow or slider, and Escape / arrow keys in the lightbox. Without
 * the script every control still works as a plain in-page link.
 */
function galleryProps(block: Block): Record<string, unknown> {
  const p = block.props;
  const base = `gallery-${block.id.replace(/[^A-Za-z0-9_-]/g, '')}`;
  const images = Array.isArray(p.images) ? (p.images as Record<string, unknown>[]) : [];
  const n = images.length;
  const slideId = (i: number) => `${base}-${((i + n) % n) + 1}`;
  const moving = p.design === 'slideshow' || p.design === 'slider';
  return {
    galleryId: base,
    moving,
    slides: images.map((entry, i) => ({
      ...entry,
      number: i + 1,
      count: n,
      slideId: slideId(i),
      lightboxId: `${slideId(i)}-view`,
      prevId: slideId(i - 1),
      nextId: slideId(i + 1),
      prevLightboxId: `${slideId(i - 1)}-view`,
      nextLightboxId: `${slideId(i + 1)}-view`,
    })),
    thumbnailStrip: moving && p.thumbnails === true && n > 1,
    arrows: moving && p.controls === true && n > 1,
    needsScript:
      n > 0 &&
      (p.lightbox === true ||
        (moving && (p.autoplay === true || p.controls === true || p.thumbnails === true))),
  };
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
          // split always yields a first part, even for a line without '|'.
          const [title = '', ...rest] = line.split('|');
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
    case 'gallery':
      return galleryProps(block);
    default:
      return {};
  }
}
