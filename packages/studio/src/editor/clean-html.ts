import { browserSanitizer } from '@store/blocks/html-policy';
import DOMPurify from 'dompurify';

/**
 * Contributor HTML in the studio goes through DOMPurify with the policy the server applies
 * (@store/blocks/html-policy) before it reaches the DOM: the rich-text editor and the
 * page preview's text, code and embed blocks. `trustedHtml` answers the TrustedHTML the
 * studio's Trusted Types policy requires for an HTML sink.
 */
export const { clean: cleanHtml, trusted: trustedHtml } = browserSanitizer(DOMPurify);

interface HtmlPolicy {
  createHTML(html: string): unknown;
}
const trustedTypes = (
  globalThis as { trustedTypes?: { createPolicy(name: string, rules: HtmlPolicy): HtmlPolicy } }
).trustedTypes;

/**
 * The page preview's policy. Its body is the theme's block templates' output, the same
 * markup the site serves (the contributor HTML in it already cleaned by `cleanHtml` in
 * renderLayout, everything else escaped by the templates), shown in a frame sandboxed
 * without scripts. It is passed as is so the preview stays exactly the site's markup.
 */
const preview = trustedTypes?.createPolicy('studio-preview', { createHTML: (html) => html });

/** The preview body for the frame's article (TrustedHTML where the browser has Trusted Types). */
export function trustedPreviewHtml(html: string): string {
  return (preview ? preview.createHTML(html) : html) as string;
}
