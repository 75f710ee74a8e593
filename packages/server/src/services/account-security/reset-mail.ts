import type { SiteUserRole } from '../../db/schema/site-users';
import type { OutgoingEmail } from '../email/email-outbox';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';

export type ResetSite = Pick<SiteRecord, 'id' | 'baseUrl' | 'hosts' | 'identifier' | 'siteTitle'>;

/** Where each kind of account chooses its new password (the token rides in the fragment). */
export const RESET_PAGES = {
  staff: '/config/reset-password#',
  customer: '/account#reset-password/',
} as const;

const isStaff = (role: SiteUserRole) => role === 'OWNER' || role === 'CONTRIBUTOR';

/**
 * The link to choose a new password, on the site's own address (never the request's Host):
 * the studio's page for its owner and contributors, the account page for a customer. The
 * token sits after `#`, so browsers never send it to a server or in a Referer.
 */
export function resetLink(site: ResetSite, role: SiteUserRole, token: string): string {
  return `${siteBaseUrl(site)}${isStaff(role) ? RESET_PAGES.staff : RESET_PAGES.customer}${token}`;
}

/** The mail with the link; the link and token are its secrets (the outbox never shows them). */
export function resetMail(
  site: ResetSite,
  to: { email: string; role: SiteUserRole },
  token: string,
): OutgoingEmail {
  const siteName = site.siteTitle || site.identifier;
  const link = resetLink(site, to.role, token);
  return {
    websiteId: site.id,
    kind: 'password-reset',
    to: to.email,
    subject: `Choose a new password for ${siteName}`,
    text: [
      `Someone, we hope you, asked for a new password for your account on ${siteName}.`,
      '',
      'Choose your new password here (the link works once, for 1 hour):',
      link,
      '',
      'Choosing it signs you out everywhere else. If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
    secrets: [link, token],
  };
}
