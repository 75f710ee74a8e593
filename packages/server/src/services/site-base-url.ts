import type { SiteRecord } from './site.service';

/**
 * The origin for links in e-mail: the site's configured base URL, else `https://` and its
 * first host. Never the request's Host or X-Forwarded-Host: those are whatever the client
 * (or anyone in front of the server) sent, and a link in a mail must not point elsewhere.
 */
export function siteBaseUrl(site: Pick<SiteRecord, 'baseUrl' | 'hosts' | 'identifier'>): string {
  if (site.baseUrl) return site.baseUrl.replace(/\/+$/, '');
  return `https://${site.hosts[0] ?? site.identifier}`;
}
