import type { ApiInput, ApiOutput } from '@store/api/client';
import { call } from '../api';

export type Branding = ApiOutput<'GET /api/studio/branding'>;
export type BrandingInput = ApiInput<'PUT /api/studio/branding'>['body'];

/** Design → Brand and Embeds: the site's logo, icon, social profiles and allowed embed origins. */
export const brandingApi = {
  get: () => call('GET /api/studio/branding'),
  save: (body: BrandingInput) => call('PUT /api/studio/branding', { body }),
};

/** What the form edits, from what the server answered. */
export function brandingDraft(branding: Branding): BrandingInput {
  return {
    logo: branding.logo ? { mediaId: branding.logo.mediaId, alt: branding.logo.alt } : null,
    faviconMediaId: branding.favicon?.mediaId ?? null,
    socialLinks: branding.socialLinks.map((l) => ({
      network: l.network,
      url: l.url.replace(/^mailto:/, ''),
    })),
    embedOrigins: branding.embedOrigins,
  };
}
