/** What an owner's link points at; null when it is nothing a site may link to. */
export type LinkKind = 'path' | 'fragment' | 'web' | 'mailto' | 'tel';

// Whitespace and control characters anywhere (browsers drop tabs and newlines from a URL,
// so '/\t/evil.example' is '//evil.example' once clicked).
const SPACE_OR_CONTROL = /[\s\u0000-\u001f\u007f-\u009f]/;
// Decoded, a space is text ('/search?q=a%20b'); an ASCII control character is not. (Bytes
// are decoded one by one, so UTF-8 continuation bytes 0x80–0xBF are text too.)
const CONTROL = /[\u0000-\u001f\u007f]/;
// After the first '/', another '/' or a '\' (browsers read '\' as '/'): another host.
const OTHER_HOST = /^\/[/\\]/;
const SITE = 'https://site.invalid';

/** One layer of %-escapes decoded, byte by byte (never throws on a broken escape). */
function decodeOnce(text: string): string {
  return text.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/**
 * A path on this site: starts with one '/', is not protocol-relative ('//evil.example'),
 * has no backslash ('/\evil.example'), whitespace or control character, and stays so when
 * its %-escapes are decoded, however many times a server or proxy decodes them
 * ('/%2F%2Fevil.example', '/%5Cevil.example', '/%09/evil.example'). The one rule for every
 * redirect, return address and site link, in the browser and on the server.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || OTHER_HOST.test(value) || value.includes('\\')) return false;
  if (SPACE_OR_CONTROL.test(value)) return false;
  let text = value;
  for (let layer = 0; layer < 4; layer++) {
    const decoded = decodeOnce(text);
    if (decoded === text) break;
    if (OTHER_HOST.test(decoded) || decoded.includes('\\') || CONTROL.test(decoded)) return false;
    text = decoded;
  }
  // And as a browser resolves it: still this site.
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}

/**
 * Classify an owner's link (navigation, buttons, footer, form redirects): a site path (as
 * isSitePath), a fragment, an http(s) address with a host, mailto: or tel:.
 */
export function linkKind(value: string): LinkKind | null {
  if (value === '' || SPACE_OR_CONTROL.test(value)) return null;
  if (value.startsWith('/')) return isSitePath(value) ? 'path' : null;
  if (value.startsWith('#')) return 'fragment';
  // A host, and nothing before it that could hide another ('https://shop.example@evil.example').
  if (/^https?:\/\/[^/\\?#@]+(?:[/?#]|$)/.test(value)) return 'web';
  if (/^mailto:./.test(value)) return 'mailto';
  if (/^tel:./.test(value)) return 'tel';
  return null;
}

/** Whether `value` is a link of one of `kinds`. */
export function isLinkOf(value: string, kinds: readonly LinkKind[]): boolean {
  const kind = linkKind(value);
  return kind !== null && kinds.includes(kind);
}
