import {
  FONT_FAMILIES,
  type SiteStyles,
  isDarkColor,
  parseColor,
  siteStylesSchema,
  toCss,
} from '@store/blocks';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { siteStyles, websites } from '../../db/schema/index';
import { siteLogo } from '../branding/site-logo';
import { siteBaseUrl } from '../site-base-url';
import type { MailLook } from './mail-layout';

type Reader = Database | Tx;
type Rgba = [number, number, number, number];

const RADIUS = { pill: '999px', rounded: '6px', square: '0' } as const;

const rgba = (value: string, fallback: string): Rgba => (parseColor(value) ?? parseColor(fallback)) as Rgba;

/** `a` moved `amount` of the way towards `b` (opaque). */
function mix(a: Rgba, b: Rgba, amount: number): string {
  const [r, g, bl] = [0, 1, 2].map((i) => Math.round((a[i] ?? 0) * (1 - amount) + (b[i] ?? 0) * amount));
  return `rgb(${r}, ${g}, ${bl})`;
}

/** Font stacks with single quotes: they sit inside double-quoted style attributes. */
const stack = (font: SiteStyles['headingFont']) => FONT_FAMILIES[font].css.replaceAll('"', "'");

/** A site's logo for mail, when the site has one (an image with its alt text). */
export interface MailLogo {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/** The look from the site's design; `logo` with a site path becomes absolute under the address. */
export function mailLookFrom(
  site: { siteTitle: string; origin: string },
  styles: SiteStyles,
  logo: MailLogo | null = null,
): MailLook {
  const accent = rgba(styles.accentColor, '#2f5d50');
  const ink = rgba(styles.textColor, '#1d1d1f');
  const background = rgba(styles.backgroundColor, '#ffffff');
  const logoUrl = logo?.url.startsWith('/') ? `${site.origin}${logo.url}` : logo?.url;
  return {
    siteTitle: site.siteTitle,
    origin: site.origin,
    accent: toCss([accent[0], accent[1], accent[2], 1]),
    accentInk: isDarkColor(accent) ? '#ffffff' : '#1d1d1f',
    ink: toCss([ink[0], ink[1], ink[2], 1]),
    background: toCss([background[0], background[1], background[2], 1]),
    surround: mix(background, ink, 0.06),
    muted: mix(ink, background, 0.4),
    line: mix(background, ink, 0.14),
    headingFont: stack(styles.headingFont),
    bodyFont: stack(styles.bodyFont),
    buttonRadius: RADIUS[styles.buttonShape],
    logo: logo && logoUrl ? { ...logo, url: logoUrl } : null,
  };
}

/** The logo's width in mail: at most 64 px tall and 240 px wide (Outlook ignores max-width). */
const displayWidth = (width: number, height: number) =>
  Math.max(1, Math.round(Math.min(240, height > 0 ? (width * 64) / height : 240)));

/** How the site's mail looks now: its name, public address, design and logo. Three reads by key. */
export async function mailLookOf(db: Reader, websiteId: string): Promise<MailLook | null> {
  const [site] = await db
    .select({
      id: websites.id,
      siteTitle: websites.siteTitle,
      baseUrl: websites.baseUrl,
      hosts: websites.hosts,
      logo: websites.logo,
    })
    .from(websites)
    .where(eq(websites.id, websiteId));
  if (!site) return null;
  const [row] = await db.select().from(siteStyles).where(eq(siteStyles.websiteId, websiteId));
  const parsed = siteStylesSchema.safeParse(row?.styles ?? {});
  const styles = parsed.success ? parsed.data : siteStylesSchema.parse({});
  // The logo chosen in Design → Brand (an image of the site's library), else the site's name.
  const logo = await siteLogo(db as Database, site);
  return mailLookFrom(
    { siteTitle: site.siteTitle, origin: siteBaseUrl(site) },
    styles,
    logo ? { url: logo.src, alt: logo.alt, width: displayWidth(logo.width, logo.height) } : null,
  );
}
