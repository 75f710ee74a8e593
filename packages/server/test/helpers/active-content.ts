import { Parser } from 'htmlparser2';

/**
 * Hostile HTML a contributor might store: each piece tries to run `window.__xss = 1`, load
 * from another host, or pass for the page's own elements. Nothing of it may stay active.
 */
export const HOSTILE_HTML = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<a href="javascript:window.__xss=1">js link</a>',
  '<a href="JaVaScRiPt&#58;window.__xss=1">entity link</a>',
  '<a href="java\tscript:window.__xss=1">tab link</a>',
  '<svg><script>window.__xss=1</script></svg>',
  '<svg onload="window.__xss=1"></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<p style="background:url(javascript:window.__xss=1);width:expression(window.__xss=1)">styled</p>',
  '<iframe src="https://evil.example/x"></iframe>',
  '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  '<a href="data:text/html,<script>window.__xss=1</script>">data link</a>',
  '<img src="data:image/svg+xml,<svg onload=window.__xss=1>">',
  '<object data="https://evil.example/x"></object><embed src="https://evil.example/x">',
  '<form action="https://evil.example/"><button formaction="javascript:window.__xss=1">go</button></form>',
  '<div data-island="form" id="sf-data">clobber</div>',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss=1>"></noscript>',
  '<details open ontoggle="window.__xss=1">t</details>',
  '<video><source onerror="window.__xss=1"></video>',
].join('\n');

/** A line of kept text mixed in: what a contributor meant to write must survive. */
export const KEPT_TEXT = '<p>Kept <strong>bold</strong> and <a href="/shop">a link</a>.</p>';

const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'cite',
  'background',
  'data',
]);
const NEVER = new Set(['svg', 'math', 'object', 'embed', 'base', 'frame', 'frameset', 'applet']);
const THEME_SVG = new Set(['icon', 'icon-sprite']);
const PLAYERS = /^https:\/\/(www\.youtube(-nocookie)?\.com|youtube\.com|player\.vimeo\.com)\//;

/**
 * What in an HTML text could run script, load from another host or pass for the page's own
 * elements, as readable findings (none for safe HTML). The page's own module scripts
 * (`/assets/…`) and JSON data block are the only scripts allowed.
 */
export function activeContent(html: string): string[] {
  const found: string[] = [];
  let script: string | null = null;
  let pageData = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // The theme's own icons (never contributor HTML, whose sanitiser drops every <svg>): an
        // inline sprite, and <svg class="icon"> drawing a path or one of the sprite's symbols.
        const themeIcon = name === 'svg' && THEME_SVG.has(attribs.class ?? '');
        if (NEVER.has(name) && !themeIcon) found.push(`<${name}>`);
        if (name === 'use' && !/^#icon-[a-z]+$/.test(attribs.href ?? ''))
          found.push(`<use href=${attribs.href}>`);
        if (name === 'meta' && attribs['http-equiv']) found.push('<meta http-equiv>');
        if (name === 'iframe' && !PLAYERS.test(attribs.src ?? '')) found.push(`<iframe src=${attribs.src}>`);
        if (name === 'script') {
          script = attribs.type ?? '';
          if (attribs.src !== undefined && !attribs.src.startsWith('/assets/'))
            found.push(`<script src=${attribs.src}>`);
        }
        if (attribs.id === 'sf-data') pageData++;
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr.startsWith('on')) found.push(`<${name} ${attr}>`);
          if (attr === 'srcdoc' || attr === 'formaction') found.push(`<${name} ${attr}>`);
          if (
            URL_ATTRIBUTES.has(attr) &&
            /^\s*(javascript|vbscript|data)\s*:/i.test(value.replace(/\s/g, ''))
          )
            found.push(`<${name} ${attr}=${value.slice(0, 40)}>`);
          if (value.includes('__xss') || value.includes('evil.example'))
            found.push(`<${name} ${attr}=${value.slice(0, 40)}>`);
          if (attr === 'style' && /expression|javascript|url\(/i.test(value)) found.push(`<${name} style>`);
        }
      },
      ontext(text) {
        if (script !== null && script !== 'application/json' && text.includes('__xss'))
          found.push('script text');
      },
      onclosetag(name) {
        if (name === 'script') script = null;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  if (pageData > 1) found.push('a second #sf-data');
  return found;
}
