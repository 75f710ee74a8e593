import { count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockName } from '../../db/advisory-lock';
import { theRow } from '../../db/rows';
import { commercePreferences, websites } from '../../db/schema/index';
import { applyStarter } from '../../starters/apply-starter';
import { findStarter } from '../../starters/starters';
import type { SiteRecord } from '../site.service';
import { createAccount } from '../site-users/accounts';
import { uniqueName } from '../studio/unique-name';
import type { NewSite } from './site-input';

/** The host names the first site of a deployment answers on when none are given. */
export const LOCAL_HOSTS = ['localhost', '127.0.0.1'];

export const CREATE_SITE_MESSAGES = {
  setupDone:
    'This deployment already has a site. Sign in to the studio, or add a site with `npm run create-site`.',
  hostsRequired:
    'This deployment already has a site: give the new site its own host names (--host shop.example.com).',
} as const;

export type CreateSiteResult =
  | { ok: true; site: SiteRecord; ownerId: string }
  | { ok: false; code: 'SETUP_DONE' | 'HOSTS_REQUIRED' | 'HOST_TAKEN'; message: string };

/**
 * Make a website from a starter, with its owner, in one transaction. The first site of a
 * deployment is its default (it answers every host no other site claims); every later one
 * needs host names of its own, and a host another site has is refused. Sites are created one
 * at a time (an advisory lock), so two at once can neither both be "first" nor take one host.
 * `firstOnly` (the setup screen): refuse unless the deployment has no site at all.
 */
export async function createSite(
  db: Database,
  input: NewSite,
  options: { firstOnly?: boolean; now?: Date } = {},
): Promise<CreateSiteResult> {
  const starter = findStarter(input.starter);
  if (!starter) throw new Error(`unknown starter "${input.starter}"`);
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockName(tx, 'websites:create');
    const existing = await tx
      .select({ identifier: websites.identifier, siteTitle: websites.siteTitle, hosts: websites.hosts })
      .from(websites);
    const first = existing.length === 0;
    if (options.firstOnly && !first)
      return { ok: false, code: 'SETUP_DONE', message: CREATE_SITE_MESSAGES.setupDone } as const;
    const hosts = [...new Set(input.hosts?.length ? input.hosts : first ? LOCAL_HOSTS : [])];
    if (hosts.length === 0)
      return { ok: false, code: 'HOSTS_REQUIRED', message: CREATE_SITE_MESSAGES.hostsRequired } as const;
    for (const host of hosts) {
      const owner = existing.find((site) => site.hosts.includes(host));
      if (owner)
        return {
          ok: false,
          code: 'HOST_TAKEN',
          message: `The host ${host} already belongs to the site "${owner.siteTitle}" (${owner.identifier}). Choose another host name.`,
        } as const;
    }
    const identifier = uniqueName(input.siteTitle, new Set(existing.map((s) => s.identifier)), 'site');
    const site = theRow(
      await tx
        .insert(websites)
        .values({
          identifier,
          siteTitle: input.siteTitle,
          hosts,
          isDefault: first,
          currency: input.currency,
          timeZone: input.timeZone,
          storeSettings: {
            useLightCart: false,
            multipleQuantityAllowedForServices: true,
            expressCheckout: false,
            minimumOrderSubtotalCents: 0,
            merchandisingSettings: { enableNativeReviews: false, enableImportedReviews: false },
          },
          settings: { commentsEnabled: false, disqusShortname: '', simpleLikingEnabled: false },
          baseUrl: input.baseUrl ?? null,
          // Visitors see "coming soon" until the owner publishes.
          launchedAt: null,
        })
        .returning(),
      'insert into websites',
    );
    const owner = await createAccount(tx, {
      websiteId: site.id,
      email: input.email,
      password: input.password,
      role: 'OWNER',
    });
    await tx
      .insert(commercePreferences)
      .values({ websiteId: site.id, namespace: 'store', preferences: { storeCountry: input.country } });
    await applyStarter(tx, site.id, starter, {
      siteTitle: input.siteTitle,
      ownerEmail: input.email.trim().toLowerCase(),
      currency: input.currency,
      now,
    });
    return { ok: true, site, ownerId: owner.id } as const;
  });
}

/** Does the deployment hold any site yet (the setup screen is open only while it does not)? */
export async function anySiteExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(websites);
  return (row?.n ?? 0) !== 0;
}
