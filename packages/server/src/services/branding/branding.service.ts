import type { Branding, BrandingInput } from '@store/api';
import { PLAYER_ORIGINS, type SocialNetwork } from '@store/blocks';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mediaAssets, websites } from '../../db/schema/index';
import type { SiteFavicon } from '../../db/schema/site';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import type { MediaStorage } from '../media/media-storage';
import { notifySiteChanged } from '../studio/site-changed';
import { FAVICON_FILES, type FaviconFileName, makeFaviconSet } from './favicon-set';
import { siteIconLinks } from './site-icons';
import { siteLogo } from './site-logo';

type Row = Pick<typeof websites.$inferSelect, 'id' | 'logo' | 'favicon' | 'socialLinks' | 'embedOrigins'>;

async function brandingRow(db: Database, websiteId: string): Promise<Row> {
  const [row] = await db
    .select({
      id: websites.id,
      logo: websites.logo,
      favicon: websites.favicon,
      socialLinks: websites.socialLinks,
      embedOrigins: websites.embedOrigins,
    })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!row) throw new Rejection('CONTENT_NOT_FOUND');
  return row;
}

/** The site's branding as the studio edits it, its files resolved. */
export function getBranding(db: Database, websiteId: string): Promise<Outcome<Branding>> {
  return asOutcome(() => readBranding(db, websiteId));
}

async function readBranding(db: Database, websiteId: string): Promise<Branding> {
  const row = await brandingRow(db, websiteId);
  const logo = await siteLogo(db, row);
  return {
    logo: row.logo
      ? {
          mediaId: row.logo.mediaId,
          alt: row.logo.alt,
          src: logo?.src ?? null,
          width: logo?.width ?? 0,
          height: logo?.height ?? 0,
        }
      : null,
    favicon: row.favicon,
    icons: siteIconLinks(row.favicon),
    socialLinks: row.socialLinks.map((l) => ({ network: l.network as SocialNetwork, url: l.url })),
    embedOrigins: row.embedOrigins,
    playerOrigins: Object.values(PLAYER_ORIGINS),
  };
}

async function libraryImage(db: Database, websiteId: string, mediaId: string, what: string) {
  const [row] = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.websiteId, websiteId), eq(mediaAssets.id, mediaId)));
  if (!row) throw new Rejection('BRAND_IMAGE_MISSING', { what });
  return row;
}

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/**
 * The icon made from a library image: its sizes are drawn by sharp once, when chosen, and
 * kept in media storage under their content hash (every process serves them). Choosing the
 * same image again reuses them.
 */
async function faviconFrom(
  db: Database,
  storage: MediaStorage,
  websiteId: string,
  mediaId: string,
  current: SiteFavicon | null,
): Promise<SiteFavicon> {
  const image = await libraryImage(db, websiteId, mediaId, 'icon');
  if (
    current?.mediaId === mediaId &&
    (await storage.get(`${current.hash}/${FAVICON_FILES['favicon.ico'].key}`))
  )
    return current;
  const original = await storage.get(`${image.hash}/original.${EXT[image.contentType] ?? 'png'}`);
  if (!original) throw new Rejection('ICON_FILE_MISSING');
  const set = await makeFaviconSet(original).catch(() => {
    throw new Rejection('ICON_UNMADE');
  });
  for (const [name, body] of set.files)
    await storage.put(`${set.hash}/${FAVICON_FILES[name as FaviconFileName].key}`, body);
  return { mediaId, hash: set.hash };
}

/**
 * Save the logo, icon, social profiles and embed origins: every page shows them at once
 * (site_changed at commit; pages are cached with the policy their embeds need, so a changed
 * allowlist re-renders them).
 */
export function saveBranding(
  db: Database,
  storage: MediaStorage,
  websiteId: string,
  input: BrandingInput,
): Promise<Outcome<Branding>> {
  return asOutcome(async () => {
    const row = await brandingRow(db, websiteId);
    if (input.logo) await libraryImage(db, websiteId, input.logo.mediaId, 'logo');
    const favicon = input.faviconMediaId
      ? await faviconFrom(db, storage, websiteId, input.faviconMediaId, row.favicon)
      : null;
    await db.transaction(async (tx) => {
      await tx
        .update(websites)
        .set({
          logo: input.logo,
          favicon,
          socialLinks: input.socialLinks,
          embedOrigins: input.embedOrigins,
        })
        .where(eq(websites.id, websiteId));
      await notifySiteChanged(tx, websiteId);
    });
    return readBranding(db, websiteId);
  });
}
