import {
  MAX_SOCIAL_LINKS,
  SOCIAL_NETWORK_NAMES,
  type SocialNetwork,
  checkSocialLink,
  httpsOrigin,
} from '@store/blocks';
import { z } from 'zod';

/** At most this many extra embed origins per site. */
export const MAX_EMBED_ORIGINS = 20;

const mediaId = z.string().trim().min(1).max(64);

/** One social profile: its network and address, checked for that network (@store/blocks social-links). */
const socialLinkInput = z
  .object({
    network: z.enum(SOCIAL_NETWORK_NAMES as [SocialNetwork, ...SocialNetwork[]]),
    url: z.string().max(500),
  })
  .transform((link, ctx) => {
    const checked = checkSocialLink(link.network, link.url);
    if (checked.ok) return { network: link.network, url: checked.url };
    ctx.addIssue({ code: 'custom', message: checked.message, path: ['url'] });
    return z.NEVER;
  });

/** An extra origin embeds may come from: `https://host`, nothing more. */
const embedOrigin = z
  .string()
  .max(300)
  .transform((value, ctx) => {
    const origin = httpsOrigin(value);
    if (origin) return origin;
    ctx.addIssue({
      code: 'custom',
      message: `"${value.slice(0, 80)}" is not an https origin such as https://player.example.com`,
    });
    return z.NEVER;
  });

/** What the owner saves in Design → Brand and Embeds. */
export const brandingBody = z.object({
  /** A media library image and its alternative text; null: the site title stands in the header. */
  logo: z
    .object({
      mediaId,
      alt: z.string().trim().min(1, 'Describe the logo for people who cannot see it (alt text).').max(200),
    })
    .nullable(),
  /** The media library image the site icon is made from; null: the theme's icon. */
  faviconMediaId: mediaId.nullable(),
  socialLinks: z
    .array(socialLinkInput)
    .max(MAX_SOCIAL_LINKS, `A site can link to at most ${MAX_SOCIAL_LINKS} profiles.`),
  embedOrigins: z
    .array(embedOrigin)
    .max(MAX_EMBED_ORIGINS, `At most ${MAX_EMBED_ORIGINS} embed origins.`)
    .transform((origins) => [...new Set(origins)]),
});
export type BrandingInput = z.output<typeof brandingBody>;

const iconLink = z.object({ rel: z.string(), href: z.string(), sizes: z.string(), type: z.string() });

/** The site's branding as the studio shows it, files resolved. */
export const brandingView = z.object({
  logo: z
    .object({
      mediaId: z.string(),
      alt: z.string(),
      /** The image's address on the site (`/media/…`), or null when it left the library. */
      src: z.string().nullable(),
      width: z.number().int(),
      height: z.number().int(),
    })
    .nullable(),
  favicon: z.object({ mediaId: z.string(), hash: z.string() }).nullable(),
  /** The icon links every page's head carries (the theme's own when no favicon is set). */
  icons: z.array(iconLink),
  socialLinks: z.array(
    z.object({
      network: z.enum(SOCIAL_NETWORK_NAMES as [SocialNetwork, ...SocialNetwork[]]),
      url: z.string(),
    }),
  ),
  embedOrigins: z.array(z.string()),
  /** The origins pages may frame players from without being allowed here. */
  playerOrigins: z.array(z.string()),
});
export type Branding = z.output<typeof brandingView>;

export const studioBrandingRoutes = {
  'GET /api/studio/branding': {
    summary: 'Studio: the site’s logo, icon, social profiles and allowed embed origins',
    response: brandingView,
  },
  'PUT /api/studio/branding': {
    summary:
      'Studio: save the logo, icon (its sizes made from the chosen image), social profiles and embed origins; every page shows them at once',
    body: brandingBody,
    response: brandingView,
  },
} as const;
