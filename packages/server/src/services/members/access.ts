import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { type MemberContentKind, memberAreaContent, memberships } from '../../db/schema';

/**
 * "Who may see this": the one rule every channel asks (pages, `?format=json`, search, sitemap,
 * RSS, summaries, API answers, mail, cached pages). A thing locked by no area is public; a
 * thing locked by areas is visible to a customer with a live membership of any of them.
 */

export interface ViewerAccess {
  signedIn: boolean;
  siteUserId: string | null;
  /** Areas the viewer may enter now. */
  areaIds: ReadonlySet<string>;
}

export const ANONYMOUS: ViewerAccess = Object.freeze({
  signedIn: false,
  siteUserId: null,
  areaIds: new Set<string>(),
});

/** The areas a customer may enter at `now` (live memberships only). */
export async function viewerAccess(
  db: Database | Tx,
  websiteId: string,
  siteUserId: string | null,
  now: Date = new Date(),
): Promise<ViewerAccess> {
  if (!siteUserId) return ANONYMOUS;
  const rows = await db
    .select({ areaId: memberships.areaId })
    .from(memberships)
    .where(
      and(
        eq(memberships.websiteId, websiteId),
        eq(memberships.siteUserId, siteUserId),
        ne(memberships.status, 'ended'),
        or(isNull(memberships.endsAt), gt(memberships.endsAt, now)),
      ),
    );
  return { signedIn: true, siteUserId, areaIds: new Set(rows.map((r) => r.areaId)) };
}

/** For each ref of one kind, the areas that lock it (absent = locked by none). */
export async function gatesFor(
  db: Database | Tx,
  websiteId: string,
  kind: MemberContentKind,
  refs: readonly string[],
): Promise<Map<string, string[]>> {
  const gates = new Map<string, string[]>();
  if (refs.length === 0) return gates;
  const rows = await db
    .select({ ref: memberAreaContent.ref, areaId: memberAreaContent.areaId })
    .from(memberAreaContent)
    .where(
      and(
        eq(memberAreaContent.websiteId, websiteId),
        eq(memberAreaContent.kind, kind),
        inArray(memberAreaContent.ref, [...refs]),
      ),
    );
  for (const row of rows) {
    const list = gates.get(row.ref);
    if (list) list.push(row.areaId);
    else gates.set(row.ref, [row.areaId]);
  }
  return gates;
}

/** May this viewer see a thing locked by `lockingAreaIds`? An empty list is public. */
export function mayView(access: ViewerAccess, lockingAreaIds: readonly string[] | undefined): boolean {
  if (!lockingAreaIds || lockingAreaIds.length === 0) return true;
  return lockingAreaIds.some((id) => access.areaIds.has(id));
}
