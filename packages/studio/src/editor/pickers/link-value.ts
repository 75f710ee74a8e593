import { isEmailAddress, isLinkOf } from '@store/commerce';

/** A page or a product the link picker offers (its address on the site). */
export interface LinkChoice {
  id: string;
  title: string;
  fullUrl: string;
}

/** What a stored link points at: the picker opens on that tab, the field names it. */
export type LinkTarget =
  | { kind: 'none' }
  | { kind: 'page'; href: string; choice: LinkChoice }
  | { kind: 'product'; href: string; choice: LinkChoice }
  | { kind: 'url'; href: string };

/** The most a link may hold (the block schema's limit). */
export const MAX_LINK_LENGTH = 2083;

export const LINK_HINT =
  'Enter a web address (https://…), a page of this site (/about), an email (mailto:…) or a phone number (tel:…).';

/** A site address without its query, fragment or trailing slash ("/shop/" and "/shop" are one page). */
const pathOf = (href: string) => {
  const path = href.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/** Which page or product `href` is, or that it is a typed address (or nothing). */
export function describeLink(
  href: string,
  pages: readonly LinkChoice[],
  products: readonly LinkChoice[],
): LinkTarget {
  const value = href.trim();
  if (!value) return { kind: 'none' };
  // Only a bare site path is a page or a product: "/about#team" stays the address it is.
  if (value.startsWith('/') && !/[?#]/.test(value)) {
    const path = pathOf(value);
    const page = pages.find((p) => pathOf(p.fullUrl) === path);
    if (page) return { kind: 'page', href: value, choice: page };
    const product = products.find((p) => pathOf(p.fullUrl) === path);
    if (product) return { kind: 'product', href: value, choice: product };
  }
  return { kind: 'url', href: value };
}

/**
 * A typed link as it will be stored, or why it cannot be. Owners type "example.com" or
 * "hello@example.com" as often as full addresses: those get their https:// or mailto:.
 * What is stored is what the block schema and the HTML policy both accept.
 */
export function parseLinkInput(input: string): { ok: true; href: string } | { ok: false; message: string } {
  let value = input.trim();
  if (!value) return { ok: false, message: 'Enter a link.' };
  if (value.length > MAX_LINK_LENGTH) return { ok: false, message: 'That link is too long.' };
  if (isEmailAddress(value)) value = `mailto:${value}`;
  else if (/^(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i.test(value))
    value = `https://${value}`;
  else if (/^\+?[\d\s().-]{6,}$/.test(value) && /\d{6,}/.test(value.replace(/\D/g, '')))
    value = `tel:${value.replace(/[^\d+]/g, '')}`;
  if (!isLinkOf(value, ['path', 'fragment', 'web', 'mailto', 'tel']))
    return { ok: false, message: LINK_HINT };
  return { ok: true, href: value };
}

/** A short description of a link for the field that holds it. */
export function linkSummary(target: LinkTarget): string {
  switch (target.kind) {
    case 'none':
      return 'No link';
    case 'page':
      return `Page: ${target.choice.title}`;
    case 'product':
      return `Product: ${target.choice.title}`;
    default:
      return target.href;
  }
}
