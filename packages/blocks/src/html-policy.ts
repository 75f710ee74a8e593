import { PLAYER_ORIGINS, framePlayerSrc } from './embeds';

/**
 * What contributor HTML may contain, stated once as data: the server's sanitiser
 * (sanitize-html) and the browser's (DOMPurify, in the studio and the storefront) are both
 * configured from it, so a text the studio previews is the text the site serves.
 *
 * Two kinds of HTML:
 * - `rich`: rich text (text blocks, product descriptions, blog posts and excerpts, form
 *   messages, their translations): formatting, links, images, tables.
 * - `embed`: the code block, a video block's embed code and a form's post-submit HTML:
 *   rich text plus layout elements, media players and iframes from known video and audio
 *   hosts.
 * Neither allows scripts, styles, event handlers, forms, SVG/MathML, `id`/`name` (a page's
 * own elements could be shadowed) or `data-*` (islands are found by their data attributes).
 */
export type HtmlKind = 'rich' | 'embed';

const RICH_TAGS = [
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
  'abbr',
  'cite',
  'q',
  'time',
  'span',
  'div',
  'a',
  'ul',
  'ol',
  'li',
  'dl',
  'dt',
  'dd',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'code',
  'pre',
  'kbd',
  'samp',
  'img',
  'figure',
  'figcaption',
  'table',
  'caption',
  'colgroup',
  'col',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
] as const;

const EMBED_TAGS = [
  ...RICH_TAGS,
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'nav',
  'details',
  'summary',
  'picture',
  'video',
  'audio',
  'source',
  'track',
  'iframe',
] as const;

/** Attributes any allowed element may carry (plus `aria-*`). */
export const GLOBAL_ATTRIBUTES = ['class', 'title', 'lang', 'dir'] as const;

/** Attributes by element, beyond the global ones. */
export const ELEMENT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'loading'],
  ol: ['start', 'reversed', 'type'],
  li: ['value'],
  td: ['colspan', 'rowspan', 'headers'],
  th: ['colspan', 'rowspan', 'scope', 'headers'],
  col: ['span'],
  colgroup: ['span'],
  time: ['datetime'],
  q: ['cite'],
  blockquote: ['cite'],
  del: ['datetime'],
  ins: ['datetime'],
  details: ['open'],
  iframe: ['src', 'width', 'height', 'title', 'allow', 'allowfullscreen', 'loading', 'referrerpolicy'],
  video: ['src', 'poster', 'controls', 'width', 'height', 'preload', 'loop', 'muted', 'playsinline'],
  audio: ['src', 'controls', 'preload', 'loop', 'muted'],
  source: ['src', 'type'],
  track: ['src', 'kind', 'srclang', 'label', 'default'],
};

/** Attributes whose value is a URL, checked by `allowedUrl`. */
export const URL_ATTRIBUTES = ['href', 'src', 'cite', 'poster'] as const;

/**
 * Hosts whose players an iframe may show (https only), each through its canonical player
 * address (embeds.ts): a pasted youtube.com frame is rewritten to youtube-nocookie.com.
 */
export const EMBED_HOSTS = Object.values(PLAYER_ORIGINS).map((origin) => new URL(origin).hostname);

/** Elements removed together with everything inside them (never kept as text). */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'select',
  'option',
  'title',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'object',
  'embed',
  'head',
] as const;

/** The elements a kind of HTML may contain. */
export function allowedTags(kind: HtmlKind): readonly string[] {
  return kind === 'embed' ? EMBED_TAGS : RICH_TAGS;
}

/** Whether `attribute` may stay on `tag` (both lower case). */
export function allowedAttribute(tag: string, attribute: string): boolean {
  if (/^aria-[a-z]+$/.test(attribute)) return true;
  return (
    (GLOBAL_ATTRIBUTES as readonly string[]).includes(attribute) ||
    (ELEMENT_ATTRIBUTES[tag]?.includes(attribute) ?? false)
  );
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * The address an iframe's `src` becomes, or null when the frame must go: a known player's
 * canonical address (exact host and ID shape, embeds.ts), or an address on one of the
 * site's allowed embed origins (`frameOrigins`, Design → Embeds).
 */
export function iframeSrc(value: string, frameOrigins: readonly string[] = []): string | null {
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  return framePlayerSrc(value.trim(), frameOrigins);
}

/**
 * Whether a URL attribute's value may stay: site paths (`/shop`, `#top`, `?q=`), and
 * http(s) links (mailto: and tel: in link targets). Never `javascript:`, `data:` or any
 * other scheme, nor protocol-relative or backslash forms a browser reads as another host.
 * An iframe only shows a known player (or an allowed origin's page): see `iframeSrc`.
 */
export function allowedUrl(
  tag: string,
  attribute: string,
  value: string,
  frameOrigins: readonly string[] = [],
): boolean {
  // Browsers drop tabs and newlines inside URLs ("java\tscript:"): refuse them outright.
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  const url = value.trim();
  if (tag === 'iframe') return attribute === 'src' && iframeSrc(url, frameOrigins) !== null;
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme === undefined) return !/^[\\/][\\/]/.test(url) && !url.startsWith('\\');
  if (scheme === 'http' || scheme === 'https') return /^https?:\/\/[^\\]/i.test(url);
  return attribute === 'href' && tag === 'a' && (scheme === 'mailto' || scheme === 'tel');
}

/** What DOMPurify offers that the browser sanitiser needs (a structural type: no dependency). */
export interface PurifyLike {
  readonly isSupported?: boolean;
  sanitize(html: string, config: Record<string, unknown>): unknown;
  addHook(
    hook: 'uponSanitizeAttribute',
    cb: (node: Element, data: { attrName: string; attrValue: string; keepAttr: boolean }) => void,
  ): void;
  addHook(hook: 'uponSanitizeElement', cb: (node: Node, data: { tagName: string }) => void): void;
}

const ALL_ATTRIBUTES = [...new Set([...GLOBAL_ATTRIBUTES, ...Object.values(ELEMENT_ATTRIBUTES).flat()])];

const asText = (html: string) =>
  html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The browser's sanitiser: a DOMPurify instance held to the same rules as the server's.
 * `trusted` answers a TrustedHTML where the page enforces Trusted Types (the studio).
 * Where DOMPurify has no DOM to work with, HTML is shown as text: nothing gets through
 * unchecked.
 */
export function browserSanitizer(purify: PurifyLike) {
  let ready = false;
  // The allowed embed origins of the call in progress (sanitize runs synchronously).
  let origins: readonly string[] = [];
  const setUp = () => {
    if (ready) return;
    ready = true;
    purify.addHook('uponSanitizeAttribute', (node, data) => {
      const tag = node.nodeName.toLowerCase();
      const name = data.attrName.toLowerCase();
      if (!allowedAttribute(tag, name)) data.keepAttr = false;
      else if (tag === 'iframe' && name === 'src') {
        // A known player keeps its canonical address (youtube.com → youtube-nocookie.com).
        const src = iframeSrc(data.attrValue, origins);
        if (src === null) data.keepAttr = false;
        else data.attrValue = src;
      } else if (
        (URL_ATTRIBUTES as readonly string[]).includes(name) &&
        !allowedUrl(tag, name, data.attrValue, origins)
      )
        data.keepAttr = false;
    });
    purify.addHook('uponSanitizeElement', (node, data) => {
      // An iframe without an allowed player address goes entirely.
      if (data.tagName !== 'iframe') return;
      const src = (node as Element).getAttribute?.('src') ?? '';
      if (!allowedUrl('iframe', 'src', src, origins)) (node as Element).remove();
    });
  };
  const config = (kind: HtmlKind, trusted: boolean) => ({
    ALLOWED_TAGS: [...allowedTags(kind)],
    ALLOWED_ATTR: ALL_ATTRIBUTES,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: true,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ADD_FORBID_CONTENTS: [...DROPPED_WITH_CONTENT],
    RETURN_TRUSTED_TYPE: trusted,
  });
  const run = (html: string, kind: HtmlKind, trusted: boolean, frameOrigins: readonly string[]): unknown => {
    if (purify.isSupported === false) return asText(html);
    setUp();
    origins = frameOrigins;
    try {
      return purify.sanitize(html, config(kind, trusted));
    } finally {
      origins = [];
    }
  };
  return {
    /** `frameOrigins`: the site's allowed embed origins (Design → Embeds). */
    clean: (html: string, kind: HtmlKind, frameOrigins: readonly string[] = []): string =>
      String(run(html, kind, false, frameOrigins)),
    /** A TrustedHTML (or the string where the browser has no Trusted Types) for an HTML sink. */
    trusted: (html: string, kind: HtmlKind, frameOrigins: readonly string[] = []): string =>
      run(html, kind, true, frameOrigins) as string,
  };
}
