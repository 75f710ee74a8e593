import MarkdownIt from 'markdown-it';
import { allowedUrl } from './html-policy';

/**
 * The markdown block's renderer: markdown-it (CommonMark, linear-time parsing) with raw
 * HTML off, so the owner's Markdown can never inject markup (the code block is for that),
 * no autolinking of bare addresses, and links and images held to the site's URL rule.
 * Runs in the studio and on the server, so both render the same HTML.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
markdown.validateLink = (url) => allowedUrl('a', 'href', url) || allowedUrl('img', 'src', url);
// Images may only be site paths or http(s) (a link may also be mailto: or tel:).
const image = markdown.renderer.rules.image;
markdown.renderer.rules.image = (tokens, idx, options, env, self) => {
  const src = String(tokens[idx]?.attrGet('src') ?? '');
  if (!allowedUrl('img', 'src', src))
    return self.renderInlineAsText(tokens[idx]?.children ?? [], options, env);
  return image ? image(tokens, idx, options, env, self) : self.renderToken(tokens, idx, options);
};

/**
 * Names the renderer and its settings in a stored rendering: change it whenever the output
 * for the same source would change, and stored renderings are redone instead of reused.
 */
export const MARKDOWN_RENDERER = 'markdown-it@15/1';

// The studio re-renders the whole layout on every edit: unchanged blocks come from here.
const recent = new Map<string, string>();
const RECENT_MAX = 64;

export function markdownToHtml(source: string): string {
  const hit = recent.get(source);
  if (hit !== undefined) return hit;
  const html = markdown.render(source);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(source, html);
  return html;
}

/** FNV-1a of the source: ties a stored rendering to the text it was made from. */
function fingerprint(source: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    hash ^= source.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${MARKDOWN_RENDERER}:${source.length}:${hash.toString(16)}`;
}

/** A markdown block's rendering as the server stores it at publish (the `rendered` prop). */
export function renderMarkdownProp(source: string): { html: string; from: string } {
  return { html: markdownToHtml(source), from: fingerprint(source) };
}

/** The stored rendering when it was made from this source by this renderer, else null. */
export function storedMarkdownHtml(props: Record<string, unknown>): string | null {
  const rendered = props.rendered as { html?: unknown; from?: unknown } | undefined;
  if (typeof rendered?.html !== 'string' || typeof rendered.from !== 'string') return null;
  return rendered.from === fingerprint(String(props.markdown ?? '')) ? rendered.html : null;
}
