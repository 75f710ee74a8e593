import { type SiteStyles, defaultSiteStyles, siteStylesSchema } from '@store/blocks';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteStyles } from '../../db/schema/index';
import { notifySiteChanged } from './site-changed';

/** The site's design; a site never styled (or with a stale row) reads the defaults. */
export async function getSiteStyles(db: Database, websiteId: string): Promise<SiteStyles> {
  const [row] = await db.select().from(siteStyles).where(eq(siteStyles.websiteId, websiteId));
  const parsed = siteStylesSchema.safeParse(row?.styles ?? {});
  return parsed.success ? parsed.data : defaultSiteStyles;
}

/** The saved design, or null for a site never styled (its pages keep the theme's CSS alone). */
export async function savedSiteStyles(db: Database, websiteId: string): Promise<SiteStyles | null> {
  const [row] = await db.select().from(siteStyles).where(eq(siteStyles.websiteId, websiteId));
  if (!row) return null;
  const parsed = siteStylesSchema.safeParse(row.styles);
  return parsed.success ? parsed.data : null;
}

/** Save (and publish) the design: every page shows it at once (site_changed at commit). */
export async function putSiteStyles(db: Database, websiteId: string, styles: SiteStyles): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(siteStyles)
      .values({ websiteId, styles })
      .onConflictDoUpdate({ target: siteStyles.websiteId, set: { styles } });
    await notifySiteChanged(tx, websiteId);
  });
}
