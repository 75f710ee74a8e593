import type { Database } from '../db/client';
import { findArea } from '../services/members/join';
import type { SiteRecord } from '../services/site.service';
import type { PageContext } from './page-context';
import { PageType } from './page-types';

/**
 * A member area's own pages: its join page (`/members/<slug>/join`, where the access-denied
 * and paywall pages' join buttons lead: the plans, signing in, joining) and its membership
 * confirmed page (208, `/members/<slug>/welcome`, after a free join or the paid order). Both
 * are the same for every visitor; the island on them asks who is signed in and a member.
 */
const JOIN = /^\/members\/([^/]{1,120})\/(join|welcome)$/;

export function isMemberAreaPagePath(path: string): boolean {
  return JOIN.test(path);
}

/** Fill the context of an area's join or confirmed page; false for an area the site has not. */
export async function memberAreaPageContext(
  db: Database,
  site: SiteRecord,
  context: PageContext,
  path: string,
): Promise<boolean> {
  const match = JOIN.exec(path);
  if (!match?.[1]) return false;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]);
  } catch {
    return false;
  }
  const area = await findArea(db, site.id, slug);
  if (!area || area.slug !== slug) return false;
  context.pageType = match[2] === 'join' ? PageType.memberJoin : PageType.membershipConfirmed;
  context.memberArea = { id: area.id, name: area.name, slug: area.slug, description: area.description };
  return true;
}
