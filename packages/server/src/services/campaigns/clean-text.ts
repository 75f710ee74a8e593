import sanitizeHtml from 'sanitize-html';

/**
 * A text block's rich text as it may be stored and mailed: paragraphs, line breaks, bold,
 * italic, underline, lists, two heading sizes and http(s)/mailto links. Everything else
 * (scripts, styles, images, event handlers, other schemes) is dropped. Idempotent.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h2', 'h3'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
};

export function cleanCampaignText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The inline styles each kept tag gets in the mail (mail clients drop style sheets). */
export function styleCampaignText(
  html: string,
  look: { accent: string; ink: string; headingFont: string },
): string {
  const styles: Record<string, string> = {
    p: 'margin:0 0 16px',
    ul: 'margin:0 0 16px;padding-left:20px',
    ol: 'margin:0 0 16px;padding-left:20px',
    li: 'margin:0 0 6px',
    h2: `margin:24px 0 8px;font-family:${look.headingFont};font-size:20px;color:${look.ink}`,
    h3: `margin:20px 0 8px;font-family:${look.headingFont};font-size:17px;color:${look.ink}`,
    a: `color:${look.accent};text-decoration:underline`,
  };
  return sanitizeHtml(html, {
    ...OPTIONS,
    allowedAttributes: { a: ['href', 'style'], '*': ['style'] },
    transformTags: Object.fromEntries(
      Object.entries(styles).map(([tag, style]) => [
        tag,
        (tagName: string, attribs: sanitizeHtml.Attributes) => ({
          tagName,
          attribs: { ...(attribs.href ? { href: attribs.href } : {}), style },
        }),
      ]),
    ),
  });
}

/** The plain-text part of a text block: paragraphs and list items on their own lines, links as "text (address)". */
export function campaignTextToPlain(html: string): string {
  const withLinks = html.replace(
    /<a\s+href="([^"]*)"[^>]*>(.*?)<\/a>/gi,
    (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '');
      return text === href ? href : `${text} (${href})`;
    },
  );
  return withLinks
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<\/(p|h2|h3|li|ul|ol)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
