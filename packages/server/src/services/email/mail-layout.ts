import { type MailBlock, mailTextBlocks } from './mail-text-blocks';

/**
 * How a site's mail looks: its name, its public address (every link is absolute under it),
 * its design's colours and fonts, and its logo when it has one. Read by mail-look.ts.
 */
export interface MailLook {
  siteTitle: string;
  /** The site's public address, no trailing slash (siteBaseUrl). */
  origin: string;
  accent: string;
  /** Text on the accent colour (white on a dark accent). */
  accentInk: string;
  ink: string;
  background: string;
  /** Around the message: the background a shade towards the text colour. */
  surround: string;
  muted: string;
  line: string;
  headingFont: string;
  bodyFont: string;
  buttonRadius: string;
  /** An absolute http(s) address of the logo image. */
  logo: { url: string; alt: string; width?: number; height?: number } | null;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every value is escaped for text and for quoted attributes alike. */
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
const attr = html;
/** Only http(s) addresses become links; anything else stays text. */
const isWebAddress = (href: string) => /^https?:\/\/[^\s"'<>]+$/i.test(href);

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]/gi;

/** Escaped text with its web addresses as links (the address itself is the link text). */
function linked(text: string, look: MailLook): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const index = match.index ?? 0;
    out += html(text.slice(last, index));
    out += `<a href="${attr(match[0])}" style="color:${look.accent};text-decoration:underline;word-break:break-all">${html(match[0])}</a>`;
    last = index + match[0].length;
  }
  return out + html(text.slice(last));
}

/** Is `href` a page of this site? Only those are drawn as buttons (see renderBlock). */
function ownAddress(href: string, origin: string): boolean {
  return href === origin || href.startsWith(`${origin}/`) || href.startsWith(`${origin}?`);
}

function button(label: string, href: string, look: MailLook): string {
  const radius = look.buttonRadius;
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 4px">',
    `<tr><td style="border-radius:${radius};background:${look.accent}">`,
    `<a href="${attr(href)}" style="display:inline-block;padding:12px 24px;border-radius:${radius};background:${look.accent};color:${look.accentInk};font-family:${attr(look.bodyFont)};font-size:16px;font-weight:bold;text-decoration:none">${html(label)}</a>`,
    '</td></tr></table>',
    `<p style="margin:4px 0 16px;font-size:13px;color:${look.muted}">Or paste this address into your browser: <span style="word-break:break-all">${linked(href, look)}</span></p>`,
  ].join('');
}

const cell = (look: MailLook, align: 'left' | 'right', strong = false) =>
  `padding:6px 0;border-bottom:1px solid ${look.line};text-align:${align};vertical-align:top;${strong ? 'font-weight:bold;' : ''}`;

function renderBlock(block: MailBlock, look: MailLook): string {
  switch (block.type) {
    case 'heading':
      return `<h2 style="margin:24px 0 8px;font-family:${attr(look.headingFont)};font-size:17px;color:${look.ink}">${html(block.text)}</h2>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px">${block.lines.map((l) => linked(l, look)).join('<br>')}</p>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px">${block.items
        .map((item) => `<li style="margin:0 0 6px">${linked(item, look)}</li>`)
        .join('')}</ul>`;
    case 'lines-table':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          (r) =>
            `<tr><td style="${cell(look, 'left')}padding-right:12px">${linked(r.label, look)}</td><td style="${cell(look, 'right')}white-space:nowrap">${html(r.amount)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'values-table':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-collapse:collapse">${block.rows
        .map(
          (r) =>
            `<tr><td style="${cell(look, 'left', r.strong)}padding-right:12px;color:${r.strong ? look.ink : look.muted}">${html(r.label)}</td><td style="${cell(look, 'right', r.strong)}">${linked(r.value, look)}</td></tr>`,
        )
        .join('')}</table>`;
    case 'button':
      // A styled button only ever leads into the site itself: an address someone typed (a
      // form answer) shows as the plain link it is, never dressed as the site's own action.
      if (isWebAddress(block.href) && ownAddress(block.href, look.origin))
        return button(block.label, block.href, look);
      return `<p style="margin:0 0 16px">${html(block.label)}: ${linked(block.href, look)}</p>`;
  }
}

function header(look: MailLook): string {
  const home = `${look.origin}/`;
  const logo = look.logo && isWebAddress(look.logo.url) ? look.logo : null;
  const inner = logo
    ? `<img src="${attr(logo.url)}" alt="${attr(logo.alt || look.siteTitle)}"${logo.width ? ` width="${Math.round(Math.min(logo.width, 240))}"` : ''} style="display:block;max-width:240px;max-height:64px;height:auto;border:0;color:${look.ink};font-family:${attr(look.headingFont)};font-size:20px;font-weight:bold">`
    : `<span style="font-family:${attr(look.headingFont)};font-size:22px;font-weight:bold;color:${look.ink}">${html(look.siteTitle)}</span>`;
  return `<a href="${attr(home)}" style="text-decoration:none;color:${look.ink}">${inner}</a>`;
}

/**
 * The HTML part of a message: the site's logo (or name), the subject as its heading, the
 * text's blocks, and a footer naming the site and its address. Tables and inline styles only
 * (what mail clients keep), every value escaped, every link absolute, nothing loaded from
 * anywhere but the site's own logo address.
 */
export function renderMailHtml(look: MailLook, mail: { subject: string; text: string }): string {
  const blocks = mailTextBlocks(mail.text);
  const first = blocks[0]?.type === 'paragraph' ? blocks[0].lines.join(' ') : mail.subject;
  const host = look.origin.replace(/^https?:\/\//, '');
  const body = blocks.map((b) => renderBlock(b, look)).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${html(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:${look.surround};color:${look.ink}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${html(first.slice(0, 140))}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${look.surround}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${look.background};border:1px solid ${look.line};border-radius:8px;border-collapse:separate">
<tr><td style="padding:24px 32px 20px;border-bottom:4px solid ${look.accent}">${header(look)}</td></tr>
<tr><td style="padding:28px 32px 12px;font-family:${attr(look.bodyFont)};font-size:16px;line-height:1.5;color:${look.ink}">
<h1 style="margin:0 0 20px;font-family:${attr(look.headingFont)};font-size:22px;line-height:1.3;color:${look.ink}">${html(mail.subject)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${look.line};font-family:${attr(look.bodyFont)};font-size:13px;line-height:1.4;color:${look.muted}"><a href="${attr(`${look.origin}/`)}" style="color:${look.muted};text-decoration:none;font-weight:bold">${html(look.siteTitle)}</a> · <a href="${attr(`${look.origin}/`)}" style="color:${look.muted}">${html(host)}</a></td></tr>
</table>
</td></tr></table>
</body></html>
`;
}
