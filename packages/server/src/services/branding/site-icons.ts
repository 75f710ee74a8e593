import type { SiteFavicon } from '../../db/schema/site';
import { FAVICON_SVG } from '../../seo/favicon';
import { type FaviconSet, faviconHash, faviconLinks, makeFaviconSet } from './favicon-set';

export interface IconLink {
  rel: string;
  href: string;
  sizes: string;
  type: string;
}

/** The theme's own icon (a juniper berry, seo/favicon.ts) in every size, made once per process. */
const themeSource = Buffer.from(FAVICON_SVG);
export const THEME_FAVICON_HASH = faviconHash(themeSource);
let themeSet: Promise<FaviconSet> | null = null;

export function themeFaviconSet(): Promise<FaviconSet> {
  themeSet ??= makeFaviconSet(themeSource, { svg: true }).catch((error) => {
    themeSet = null;
    throw error;
  });
  return themeSet;
}

/**
 * The icon links of a site's pages: its own icon's sizes when the owner chose one, else
 * the theme's (its SVG first, for browsers that draw it crisp at any size).
 */
export function siteIconLinks(favicon: SiteFavicon | null): IconLink[] {
  if (favicon) return faviconLinks(favicon.hash);
  return [
    { rel: 'icon', href: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ...faviconLinks(THEME_FAVICON_HASH),
  ];
}
