import { PLAYER_ORIGINS } from '@store/blocks';
import { CONTENT_SECURITY_POLICY } from '../plugins/security-headers';

/** The origins a page's markup frames and plays media from, beyond its own. */
export interface EmbedSources {
  frames: string[];
  media: string[];
}

const PLAYERS: readonly string[] = Object.values(PLAYER_ORIGINS);

// Tags as the theme and the sanitisers write them: attribute values in double quotes.
const FRAME = /<iframe\b[^>]*?\ssrc="([^"]*)"/g;
const MEDIA = /<(?:video|audio|source)\b[^>]*?\ssrc="([^"]*)"/g;

function originOf(src: string): string | null {
  const url = /^https:\/\/[^/?#\\"'\s]+/i.exec(src.replace(/&amp;/g, '&'))?.[0];
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * What a rendered page frames and plays from other origins, limited to what may be there:
 * the known players (YouTube's privacy-enhanced host, Vimeo, SoundCloud, Spotify) and the
 * site's allowed embed origins for frames, the allowed origins only for media files (the
 * site's own uploads are same-origin). The markup was built from the page's blocks by the
 * same rules (@store/blocks embeds), so this is exactly what its blocks need; anything else
 * stays refused by the policy even if it were ever in the markup.
 */
export function embedSourcesIn(html: Buffer | string, allowedOrigins: readonly string[]): EmbedSources {
  const frames = new Set<string>();
  const media = new Set<string>();
  const hasFrame = html.includes('<iframe');
  const hasMedia = html.includes('<video') || html.includes('<audio');
  if (!hasFrame && !hasMedia) return { frames: [], media: [] };
  const text = typeof html === 'string' ? html : html.toString('utf8');
  if (hasFrame)
    for (const [, src = ''] of text.matchAll(FRAME)) {
      const origin = originOf(src);
      if (origin && (PLAYERS.includes(origin) || allowedOrigins.includes(origin))) frames.add(origin);
    }
  if (hasMedia)
    for (const [, src = ''] of text.matchAll(MEDIA)) {
      const origin = originOf(src);
      if (origin && allowedOrigins.includes(origin)) media.add(origin);
    }
  return { frames: [...frames].sort(), media: [...media].sort() };
}

/** The site's policy with these frame and media origins added (`media-src` stays 'self' plus them). */
export function policyWithEmbeds(sources: EmbedSources): string {
  const directives: Record<string, readonly string[]> = { ...CONTENT_SECURITY_POLICY };
  directives['frame-src'] = [...(directives['frame-src'] ?? []), ...sources.frames];
  if (sources.media.length) directives['media-src'] = ["'self'", ...sources.media];
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/**
 * The Content-Security-Policy of a rendered page: null when it embeds nothing from
 * elsewhere (the strict policy every response carries stays), else the policy that admits
 * exactly its players and media origins. Stored with the cached page.
 */
export function pageEmbedPolicy(html: Buffer | string, allowedOrigins: readonly string[]): string | null {
  const sources = embedSourcesIn(html, allowedOrigins);
  return sources.frames.length || sources.media.length ? policyWithEmbeds(sources) : null;
}

/**
 * The studio's policy (/config): its page preview shows drafts with any known player and the
 * site's allowed origins, and it adds Trusted Types: the browser refuses any HTML string
 * written to an HTML sink (innerHTML, srcdoc, DOMParser…) that did not come through a policy,
 * and only two policies may exist: DOMPurify's (contributor HTML, sanitised) and the page
 * preview's (the theme's template output, shown in a frame that runs no scripts).
 */
export function studioPolicy(allowedOrigins: readonly string[]): string {
  const embeds = policyWithEmbeds({ frames: [...PLAYERS, ...allowedOrigins], media: [...allowedOrigins] });
  return `${embeds};require-trusted-types-for 'script';trusted-types dompurify studio-preview`;
}
