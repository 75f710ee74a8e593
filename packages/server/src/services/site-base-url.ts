import { MAIL_SETTINGS_MESSAGES as M } from '@store/api';
import type { SiteRecord } from './site.service';

/**
 * Where this process serves: the address and port it listens on, recorded when the server
 * starts listening (rememberListenAddress); until then the defaults of HOST and PORT. One
 * process listens on one address, so this is process state, not a site's.
 */
let listening = { host: '127.0.0.1', port: 3000 };

/** Called once the server listens (its real port too, when PORT=0 picked a free one). */
export function rememberListenAddress(address: { host: string; port: number }): void {
  listening = { host: address.host, port: address.port };
}

/** A host name for links: loopback and "every interface" become `localhost`; IPv6 in brackets. */
function linkHost(host: string): string {
  if (['0.0.0.0', '::', '', '127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(host)) return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The site on this server before its public address is set: `http://`, the site's first host
 * name (the demo's is `localhost`; each site of a deployment answers on its own), else the
 * listening address, and the listening port — e.g. `http://localhost:3000`.
 */
export function listeningOrigin(site?: Pick<SiteRecord, 'hosts'>): string {
  const host = site?.hosts[0] ? linkHost(site.hosts[0]) : linkHost(listening.host);
  return `http://${host}${listening.port === 80 ? '' : `:${listening.port}`}`;
}

/**
 * The site's public address: the origin of every link in mail (receipts, downloads, order
 * status, gift cards, invitations, restock, form notices, password resets), of canonical URLs,
 * feeds and the sitemap, and of the Stripe webhook address. The owner sets it in Settings →
 * Domain & mail (`websites.base_url`); until then it is where this server listens
 * (listeningOrigin). Never the request's Host or X-Forwarded-Host: those are whatever the
 * client (or anyone in front of the server) sent, and a link in a mail must not point elsewhere.
 */
export function siteBaseUrl(site: Pick<SiteRecord, 'baseUrl' | 'hosts'>): string {
  if (site.baseUrl) return site.baseUrl.replace(/\/+$/, '');
  return listeningOrigin(site);
}

/**
 * The owner's public address, checked: an absolute http(s) URL with a host and nothing after
 * it (a trailing slash is fine). Answers the origin to store (`https://shop.example.com`,
 * host lower-cased, default port dropped), null for an empty field (not set), or why not.
 */
export function parsePublicAddress(
  input: string,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const text = input.trim();
  if (text === '') return { ok: true, value: null };
  if (text.length > 300) return { ok: false, message: M.addressTooLong };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    // "shop.example.com" typed without a scheme, or "ftp:…", "javascript:…".
    return {
      ok: false,
      message: /^[a-z][a-z0-9+.-]*:/i.test(text) ? M.addressScheme : M.addressNotAUrl,
    };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: M.addressNotAUrl };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, message: M.addressScheme };
  if (!url.hostname) return { ok: false, message: M.addressNotAUrl };
  if (url.username || url.password) return { ok: false, message: M.addressCredentials };
  // `new URL` drops an empty "?" or "#": the typed text decides.
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(text))
    return { ok: false, message: M.addressOriginOnly };
  return { ok: true, value: url.origin };
}
