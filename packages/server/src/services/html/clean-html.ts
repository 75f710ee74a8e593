import {
  DROPPED_WITH_CONTENT,
  ELEMENT_ATTRIBUTES,
  EMBED_HOSTS,
  GLOBAL_ATTRIBUTES,
  type HtmlKind,
  URL_ATTRIBUTES,
  allowedTags,
  allowedUrl,
  iframeSrc,
} from '@store/blocks/html-policy';
import sanitizeHtml from 'sanitize-html';

export type { HtmlKind };

/**
 * sanitize-html's options for one kind of contributor HTML, from the shared policy.
 * `frameOrigins`: the site's allowed embed origins, whose pages an iframe may also show.
 */
function optionsFor(kind: HtmlKind, frameOrigins: readonly string[] = []): sanitizeHtml.IOptions {
  const tags = allowedTags(kind);
  const perTag: Record<string, string[]> = { '*': [...GLOBAL_ATTRIBUTES, 'aria-*'] };
  for (const tag of tags) if (ELEMENT_ATTRIBUTES[tag]) perTag[tag] = [...(ELEMENT_ATTRIBUTES[tag] ?? [])];
  return {
    allowedTags: [...tags],
    allowedAttributes: perTag,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: {},
    allowedSchemesAppliedToAttributes: [...URL_ATTRIBUTES],
    allowProtocolRelative: false,
    // sanitize-html's own iframe check, a second lock on the door allowedUrl already guards.
    allowedIframeHostnames:
      kind === 'embed' ? [...EMBED_HOSTS, ...frameOrigins.map((origin) => new URL(origin).hostname)] : [],
    allowIframeRelativeUrls: false,
    disallowedTagsMode: 'discard',
    nonTextTags: [...DROPPED_WITH_CONTENT],
    // Every URL attribute answers to the policy's rule too (the same one the browser applies).
    transformTags: {
      '*': (tagName, attribs) => {
        const kept: sanitizeHtml.Attributes = {};
        for (const [name, value] of Object.entries(attribs))
          if (
            !(URL_ATTRIBUTES as readonly string[]).includes(name) ||
            allowedUrl(tagName, name, value, frameOrigins)
          )
            kept[name] = value;
        if (tagName === 'iframe' && kept.src !== undefined) {
          // A player keeps its canonical address (youtube.com → youtube-nocookie.com) and
          // loads when scrolled to.
          kept.src = iframeSrc(kept.src, frameOrigins) ?? '';
          kept.loading ??= 'lazy';
        }
        return { tagName, attribs: kept };
      },
    },
    // An iframe without an allowed player address goes entirely (an empty frame says nothing).
    exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  };
}

const OPTIONS: Record<HtmlKind, sanitizeHtml.IOptions> = {
  rich: optionsFor('rich'),
  embed: optionsFor('embed'),
};
/** Options for embed HTML on sites that allow extra origins, by their origins (few sites, few lists). */
const withOrigins = new Map<string, sanitizeHtml.IOptions>();

// Pages render each uncached time: HTML cleaned once is answered from memory after that
// (a clean text maps to itself too, so cleaning twice costs one lookup). Bounded by characters.
// Keyed by the rules it was cleaned with: its kind, and the allowed embed origins.
const MEMO_MAX_CHARS = 8_000_000;
const memo = new Map<string, Map<string, string>>();
let memoChars = 0;

function remember(rules: string, html: string, clean: string): void {
  const cost = html.length + (clean === html ? 0 : clean.length);
  if (cost > MEMO_MAX_CHARS / 4) return;
  while (memoChars + cost > MEMO_MAX_CHARS) {
    // Oldest first (Maps keep insertion order), from the fullest set of rules.
    const map = [...memo.values()].reduce((a, b) => (b.size > a.size ? b : a));
    const oldest = map.entries().next().value;
    if (!oldest) break;
    map.delete(oldest[0]);
    memoChars -= oldest[0].length;
  }
  let map = memo.get(rules);
  if (!map) {
    map = new Map();
    memo.set(rules, map);
  }
  map.set(html, clean);
  memoChars += html.length;
  if (clean !== html) {
    map.set(clean, clean);
    memoChars += clean.length;
  }
}

/**
 * Contributor HTML as it may be stored and shown: sanitize-html with the shared policy
 * (@store/blocks/html-policy). Idempotent: cleaning clean HTML gives it back unchanged.
 * `frameOrigins`: the site's allowed embed origins (embed HTML may frame their pages).
 */
export function cleanHtml(html: string, kind: HtmlKind, frameOrigins: readonly string[] = []): string {
  if (!html) return html;
  const origins = kind === 'embed' ? frameOrigins : [];
  const rules = origins.length ? `${kind} ${origins.join(' ')}` : kind;
  const known = memo.get(rules)?.get(html);
  if (known !== undefined) return known;
  let options = OPTIONS[kind];
  if (origins.length) {
    options = withOrigins.get(rules) ?? optionsFor(kind, origins);
    if (withOrigins.size >= 100) withOrigins.clear();
    withOrigins.set(rules, options);
  }
  const clean = sanitizeHtml(html, options);
  remember(rules, html, clean);
  return clean;
}
