import type { SiteRecord } from '../services/site.service';
import { siteBaseUrl } from '../services/site-base-url';

/** What `npm run create-site` prints about the site it made. */
export function siteReport(site: SiteRecord, starter: string, ownerEmail: string): string {
  const address = siteBaseUrl(site);
  return [
    `Created "${site.siteTitle}" (${site.identifier}) from the ${starter} starter.`,
    `  Hosts: ${site.hosts.join(', ')}${site.isDefault ? ' (the default site: it also answers any host no other site has)' : ''}`,
    `  Public address: ${address}`,
    `  Owner: ${ownerEmail.trim().toLowerCase()} signs in to the studio at ${address}/config`,
    '  Visitors see "coming soon" until the site is published in the studio.',
  ].join('\n');
}
