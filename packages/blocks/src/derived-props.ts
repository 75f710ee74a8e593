import { chartProps } from './chart';
import { type Embed, parseEmbedUrl, playerTitle } from './embeds';
import { gallerySizes, imageBlockSizes } from './image-sizes';
import type { Block } from './layout';
import { SOCIAL_NETWORKS, checkSocialLink, detectNetwork } from './social-links';

/**
 * What a video or audio block shows, one of: a player frame (`player`), the site's own file
 * (`file`), or a plain link to whatever else was typed (`link`). `name` is the frame's
 * accessible name (the caption or track title, else the provider's).
 */
function embedProps(embed: Embed, name: string): Record<string, unknown> {
  if (embed.kind === 'player')
    return {
      player: {
        src: embed.src,
        shape: embed.shape,
        provider: embed.provider,
        title: name || playerTitle(embed),
      },
      file: null,
      link: null,
    };
  if (embed.kind === 'file') return { player: null, file: { src: embed.src }, link: null };
  if (embed.kind === 'link') return { player: null, file: null, link: { href: embed.href } };
  return { player: null, file: null, link: null };
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
    // How wide the slides are drawn for this design, so the srcset pick is sharp and no larger.
    imageSizes: gallerySizes(p),
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
 * `embedOrigins`: the site's allowed embed origins (Design → Embeds).
 */
export function derivedProps(block: Block, embedOrigins: readonly string[] = []): Record<string, unknown> {
  const p = block.props;
  const lines = (value: unknown) =>
    String(value ?? '')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
  switch (block.type) {
    case 'donation':
      // The island's `data-*`: amounts in minor units, comma-separated, and the frequencies offered.
      return {
        amounts: (Array.isArray(p.suggestedAmounts) ? p.suggestedAmounts : [])
          .filter((v): v is number => Number.isSafeInteger(v) && (v as number) > 0)
          .join(','),
        frequencies: [
          p.allowOnce !== false && 'once',
          p.allowMonthly === true && 'monthly',
          p.allowYearly === true && 'yearly',
        ]
          .filter(Boolean)
          .join(','),
      };
    case 'acuity':
      // The island's `data-type-ids`: the offered types, comma-separated (empty: all).
      return {
        typeIds: (Array.isArray(p.appointmentTypeIds) ? p.appointmentTypeIds : [])
          .filter((v): v is string => typeof v === 'string')
          .join(','),
      };
    case 'accordion':
      return {
        entries: lines(p.items).map((line) => {
          // split always yields a first part, even for a line without '|'.
          const [title = '', ...rest] = line.split('|');
          return { title: title.trim(), text: rest.join('|').trim() };
        }),
      };
    case 'sociallinks':
      // Each line checked as its network's profile address; lines that are none are left out.
      return {
        profiles: lines(p.links).flatMap((line) => {
          const network = detectNetwork(line);
          const checked = checkSocialLink(network, line);
          if (!checked.ok) return [];
          const label = SOCIAL_NETWORKS[network].label;
          const host = /^https:\/\/([^/?#]+)/.exec(checked.url)?.[1];
          return [
            {
              url: checked.url,
              network,
              icon: `icon-${network}`,
              name: network === 'website' ? (host ?? label) : label,
            },
          ];
        }),
      };
    case 'video':
      return embedProps(
        parseEmbedUrl(String(p.url ?? ''), { media: 'video', allowedOrigins: embedOrigins }),
        String(p.caption ?? '').trim(),
      );
    case 'audio': {
      const title = [p.title, p.artist]
        .map((v) => String(v ?? '').trim())
        .filter(Boolean)
        .join(' — ');
      return embedProps(
        parseEmbedUrl(String(p.src ?? ''), { media: 'audio', allowedOrigins: embedOrigins }),
        title,
      );
    }
    case 'map': {
      const address = String(p.address ?? '').trim();
      return {
        mapUrl: address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null,
      };
    }
    case 'gallery':
      return galleryProps(block);
    case 'image':
      return { imageSizes: imageBlockSizes(p.variant) };
    case 'embed': {
      // A video address first; an address that is no video may be an audio player.
      const url = String(p.url ?? '');
      const name = String(p.title ?? '').trim() || String(p.caption ?? '').trim();
      const asVideo = parseEmbedUrl(url, { media: 'video', allowedOrigins: embedOrigins });
      const embed =
        asVideo.kind === 'player' || asVideo.kind === 'file'
          ? asVideo
          : parseEmbedUrl(url, { media: 'audio', allowedOrigins: embedOrigins });
      return embedProps(embed.kind === 'none' ? asVideo : embed, name);
    }
    case 'chart':
      return chartProps(p);
    default:
      return {};
  }
}
