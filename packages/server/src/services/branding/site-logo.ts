import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaAssets } from '../../db/schema/index';
import type { SiteLogo } from '../../db/schema/site';

/** A site's logo as pages and mail show it. */
export interface ResolvedLogo {
  mediaId: string;
  alt: string;
  /** The original image's address on the site (`/media/<hash>/logo.png`): prefix the site's origin in mail. */
  src: string;
  /** A 300 px wide WebP when the library made one (sharp), for the header's `srcset`. */
  src300: string | null;
  width: number;
  height: number;
}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/**
 * The site's logo (`websites.logo`: `{ mediaId, alt }`) resolved to its media library file,
 * or null when the site has none or the image has left the library. One indexed query.
 */
export async function siteLogo(
  db: Database,
  site: { id: string; logo: SiteLogo | null },
): Promise<ResolvedLogo | null> {
  if (!site.logo) return null;
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.websiteId, site.id), eq(mediaAssets.id, site.logo.mediaId)));
  const ext = row ? EXT[row.contentType] : undefined;
  if (!row || !ext) return null;
  const src = `/media/${row.hash}/logo.${ext}`;
  return {
    mediaId: row.id,
    alt: site.logo.alt,
    src,
    src300: row.widths.includes(300) ? `${src}?format=300w` : null,
    width: row.width,
    height: row.height,
  };
}
