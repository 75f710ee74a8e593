import { CURRENCY_CODES } from '@store/commerce';
import { z } from 'zod';
import { STARTER_IDS } from '../../starters/starters';
import { ownerInput } from '../owner/create-owner';

/** What the owner is told about each field of a new site (setup screen and `npm run create-site`). */
export const SITE_INPUT_MESSAGES = {
  title: 'Enter a site title of at most 100 characters.',
  currency: `Choose one of the store currencies (${CURRENCY_CODES.join(', ')}).`,
  country: 'Choose a country by its two-letter code, such as US, GB or DE.',
  timeZone: 'Choose a time zone such as Europe/London or America/New_York.',
  starter: `Choose a starter site: ${STARTER_IDS.join(', ')}.`,
  host: 'A host name is a domain such as shop.example.com (no https://, no path, no port).',
  url: 'The public address is an origin such as https://shop.example.com (no path).',
} as const;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** A two-letter code the platform's region data knows (ZZ and made-up pairs are refused). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || code === 'ZZ') return false;
  const name = regionNames.of(code);
  return name !== undefined && name !== code;
}

/** The canonical name of a time zone the platform knows, or null. */
export function canonicalTimeZone(zone: string): string | null {
  if (!zone || zone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const HOST = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);

/** `Shop.Example.com.` → `shop.example.com`; null when it is not a host name. */
export function normaliseHost(value: string): string | null {
  const host = value.trim().toLowerCase().replace(/\.$/, '');
  return HOST.test(host) ? host : null;
}

/** `https://Shop.example.com/` → `https://shop.example.com`; null when it is not an http(s) origin. */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || url.username || url.password) return null;
  if (url.pathname !== '/' || url.search || url.hash) return null;
  return url.origin;
}

/** A transform that keeps `fn`'s answer, or reports `message` when it is null. */
function normalised(fn: (value: string) => string | null, message: string) {
  return (value: string, ctx: z.RefinementCtx): string => {
    const result = fn(value);
    if (result !== null) return result;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
}

const host = z
  .string()
  .max(253, SITE_INPUT_MESSAGES.host)
  .transform(normalised(normaliseHost, SITE_INPUT_MESSAGES.host));

/**
 * A new site: its title, owner (the same e-mail and password rules as `npm run create-owner`),
 * store currency, country and time zone, starter, and optionally its host names and public
 * address. The setup screen and the command line both check with this schema.
 */
export const newSiteInput = z.object({
  siteTitle: z.string().trim().min(1, SITE_INPUT_MESSAGES.title).max(100, SITE_INPUT_MESSAGES.title),
  email: ownerInput.shape.email,
  password: ownerInput.shape.password,
  currency: z.enum(CURRENCY_CODES, { message: SITE_INPUT_MESSAGES.currency }),
  country: z
    .string({ message: SITE_INPUT_MESSAGES.country })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, SITE_INPUT_MESSAGES.country),
  timeZone: z
    .string({ message: SITE_INPUT_MESSAGES.timeZone })
    .trim()
    .transform(normalised(canonicalTimeZone, SITE_INPUT_MESSAGES.timeZone)),
  starter: z.enum(STARTER_IDS, { message: SITE_INPUT_MESSAGES.starter }),
  hosts: z.array(host).max(20).optional(),
  baseUrl: z
    .string()
    .max(300, SITE_INPUT_MESSAGES.url)
    .transform(normalised(normaliseOrigin, SITE_INPUT_MESSAGES.url))
    .optional(),
});
export type NewSiteInput = z.input<typeof newSiteInput>;
export type NewSite = z.output<typeof newSiteInput>;
