import type { CampaignBlock } from '../../db/schema/index';
import type { MailLook } from '../email/mail-layout';
import { campaignTextToPlain, styleCampaignText } from './clean-text';

/** A product block's data, read when the mail is made (name, price, picture, page). */
export interface ProductCard {
  name: string;
  price: string;
  imageUrl: string | null;
  url: string;
}

export interface CampaignContent {
  subject: string;
  preheader: string;
  blocks: readonly CampaignBlock[];
  products: ReadonlyMap<string, ProductCard>;
}

/** The addresses one recipient's mail carries. */
export interface RecipientLinks {
  /** The unsubscribe page (type 300) with the member's token. */
  unsubscribe: string;
  /** The tracked address of block `i`'s link (null: the plain address, tracking is off). */
  click(block: number, plain: string): string;
  /** The open pixel's address, when tracking is on. */
  open: string | null;
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const absolute = (url: string, origin: string) => (url.startsWith('/') ? `${origin}${url}` : url);

/** The address a block leads to (button, product, linked image), if any. */
export function blockAddress(
  block: CampaignBlock,
  products: ReadonlyMap<string, ProductCard>,
): string | null {
  if (block.type === 'button') return block.url;
  if (block.type === 'image') return block.href ?? null;
  if (block.type === 'product') return products.get(block.productId)?.url ?? null;
  return null;
}

function buttonHtml(label: string, href: string, look: MailLook): string {
  const r = look.buttonRadius;
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px"><tr><td style="border-radius:${r};background:${look.accent}"><a href="${esc(href)}" style="display:inline-block;padding:12px 24px;border-radius:${r};background:${look.accent};color:${look.accentInk};font-family:${esc(look.bodyFont)};font-size:16px;font-weight:bold;text-decoration:none">${esc(label)}</a></td></tr></table>`;
}

function blockHtml(
  block: CampaignBlock,
  i: number,
  c: CampaignContent,
  look: MailLook,
  links: RecipientLinks,
) {
  switch (block.type) {
    case 'text':
      return `<div>${styleCampaignText(block.html, { accent: look.accent, ink: look.ink, headingFont: esc(look.headingFont) })}</div>`;
    case 'image': {
      const img = `<img src="${esc(absolute(block.url, look.origin))}" alt="${esc(block.alt)}" width="536" style="display:block;width:100%;max-width:536px;height:auto;border:0;border-radius:4px">`;
      const inner = block.href ? `<a href="${esc(links.click(i, block.href))}">${img}</a>` : img;
      return `<div style="margin:0 0 20px">${inner}</div>`;
    }
    case 'button':
      return buttonHtml(block.label, links.click(i, block.url), look);
    case 'product': {
      const p = c.products.get(block.productId);
      if (!p) return '';
      const href = esc(links.click(i, p.url));
      const pic = p.imageUrl
        ? `<td width="120" style="padding:0 16px 0 0;vertical-align:top"><a href="${href}"><img src="${esc(absolute(p.imageUrl, look.origin))}" alt="${esc(p.name)}" width="120" style="display:block;width:120px;height:auto;border:0;border-radius:4px"></a></td>`
        : '';
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border:1px solid ${look.line};border-radius:6px;border-collapse:separate"><tr><td style="padding:16px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0"><tr>${pic}<td style="vertical-align:top"><a href="${href}" style="font-family:${esc(look.headingFont)};font-size:17px;font-weight:bold;color:${look.ink};text-decoration:none">${esc(p.name)}</a><p style="margin:6px 0 12px;color:${look.muted}">${esc(p.price)}</p><a href="${href}" style="color:${look.accent};font-weight:bold;text-decoration:underline">Shop now</a></td></tr></table></td></tr></table>`;
    }
    case 'divider':
      return `<hr style="border:0;border-top:1px solid ${look.line};margin:24px 0">`;
  }
}

function blockText(block: CampaignBlock, c: CampaignContent): string {
  switch (block.type) {
    case 'text':
      return campaignTextToPlain(block.html);
    case 'image':
      return block.href ? `${block.alt || 'Image'}: ${block.href}` : block.alt;
    case 'button':
      return `${block.label}: ${block.url}`;
    case 'product': {
      const p = c.products.get(block.productId);
      return p ? `${p.name} — ${p.price}\n${p.url}` : '';
    }
    case 'divider':
      return '----';
  }
}

/**
 * A campaign as the mail one recipient gets: the site's logo and colours (the same look as the
 * order mails), the blocks, and a footer with the unsubscribe link. Tables and inline styles
 * only, every value escaped, every address absolute. The plain-text part says the same (its
 * links are the campaign's own addresses, never tracked).
 */
export function renderCampaign(look: MailLook, c: CampaignContent, links: RecipientLinks) {
  const body = c.blocks.map((b, i) => blockHtml(b, i, c, look, links)).join('\n');
  const host = look.origin.replace(/^https?:\/\//, '');
  const logo = look.logo
    ? `<img src="${esc(look.logo.url)}" alt="${esc(look.logo.alt || look.siteTitle)}" style="display:block;max-width:240px;max-height:64px;height:auto;border:0">`
    : `<span style="font-family:${esc(look.headingFont)};font-size:22px;font-weight:bold;color:${look.ink}">${esc(look.siteTitle)}</span>`;
  const pixel = links.open
    ? `<img src="${esc(links.open)}" alt="" width="1" height="1" style="display:block;width:1px;height:1px;border:0">`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${esc(c.subject)}</title></head>
<body style="margin:0;padding:0;background:${look.surround};color:${look.ink}">
<div style="display:none;max-height:0;overflow:hidden;opacity:0">${esc(c.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${look.surround}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${look.background};border:1px solid ${look.line};border-radius:8px;border-collapse:separate">
<tr><td style="padding:24px 32px 20px;border-bottom:4px solid ${look.accent}"><a href="${esc(`${look.origin}/`)}" style="text-decoration:none;color:${look.ink}">${logo}</a></td></tr>
<tr><td style="padding:28px 32px 12px;font-family:${esc(look.bodyFont)};font-size:16px;line-height:1.5;color:${look.ink}">
${body}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid ${look.line};font-family:${esc(look.bodyFont)};font-size:13px;line-height:1.5;color:${look.muted}">You get this e-mail because you subscribed to ${esc(look.siteTitle)} (<a href="${esc(`${look.origin}/`)}" style="color:${look.muted}">${esc(host)}</a>). <a href="${esc(links.unsubscribe)}" style="color:${look.muted};text-decoration:underline">Unsubscribe</a>${pixel}</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  const text = [
    ...(c.preheader ? [c.preheader] : []),
    ...c.blocks.map((b) => blockText(b, c)).filter(Boolean),
    `--\n${look.siteTitle} · ${host}\nUnsubscribe: ${links.unsubscribe}`,
  ].join('\n\n');
  return { html, text };
}
