import { SOCIAL_NETWORKS, type SocialNetwork, socialLinkView } from '@store/blocks';
import type { Database } from '../db/client';
import { siteIconLinks } from '../services/branding/site-icons';
import { siteLogo } from '../services/branding/site-logo';
import type { SiteRecord } from '../services/site.service';
import type { PageContext } from './page-context';

/** The logo's height in the header (CSS px), for its `sizes` and intrinsic width. */
const LOGO_HEIGHT = 40;
const LOGO_MAX_WIDTH = 220;

/**
 * The site's branding in the page context: the header's logo (`logo`, with `srcset`), the
 * social profiles of the header and footer (`socialLinks`, each with its theme icon), the
 * head's icon links (`siteIcons`), and the origins embeds may come from
 * (`website.embedOrigins`, read by the video and audio blocks and the page's policy).
 */
export async function attachBranding(db: Database, site: SiteRecord, context: PageContext): Promise<void> {
  const logo = await siteLogo(db, site);
  if (logo) {
    const shown = Math.min(LOGO_MAX_WIDTH, Math.round((logo.width * LOGO_HEIGHT) / Math.max(logo.height, 1)));
    context.logo = {
      src: logo.src,
      srcset: logo.src300 ? `${logo.src300} 300w, ${logo.src} ${logo.width}w` : null,
      sizes: `${shown}px`,
      alt: logo.alt,
      width: logo.width,
      height: logo.height,
    };
  } else context.logo = null;
  context.socialLinks = (site.socialLinks ?? [])
    .filter((link) => Object.hasOwn(SOCIAL_NETWORKS, link.network))
    .map((link) => socialLinkView({ network: link.network as SocialNetwork, url: link.url }));
  context.siteIcons = siteIconLinks(site.favicon ?? null);
  context.website.embedOrigins = site.embedOrigins ?? [];
}
