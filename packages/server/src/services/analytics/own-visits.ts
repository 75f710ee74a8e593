import { createHash } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { siteUserSessions, siteUsers } from '../../db/schema/index';
import type { SiteUserRole } from '../../db/schema/site-users';
import type { TrackingRecord } from '../../queue/tracking-queue';
import { SESSION_COOKIE } from '../site-users/sessions';

/** Spec §3 role code of a viewer: the one contributor whose visits count (spec §6). */
const VIEWER_ROLE = 10;
// The session cookie is looked up as services/site-users/sessions.ts stores it (SHA-256, base64url).

/**
 * Spec §6, the server's half of the rule the runtime applies (storefront
 * tracking/skip-rules.ts): the site's own people are not visitors. The owner's and
 * contributors' hits are skipped, except a viewer's on a page outside /config. Customers
 * (SITE_USER accounts) are visitors and count.
 */
export function ownVisitSkipped(
  account: { role: SiteUserRole; contributorRole: number | null } | null,
  pagePath: string | null,
): boolean {
  if (!account || account.role === 'SITE_USER') return false;
  if (account.role === 'OWNER') return true;
  const configPage = pagePath !== null && /^\/config(\/|$)/.test(pagePath);
  return account.contributorRole !== VIEWER_ROLE || configPage;
}

/** The account signed in with this request's session cookie (role only), or null. */
async function signedInAccount(request: FastifyRequest) {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 128 || !request.site) return null;
  const [row] = await request.server.database.db
    .select({ role: siteUsers.role, contributorRole: siteUsers.contributorRole })
    .from(siteUserSessions)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserSessions.siteUserId))
    .where(
      and(
        eq(siteUserSessions.tokenHash, createHash('sha256').update(token).digest('base64url')),
        eq(siteUserSessions.websiteId, request.site.id),
        gt(siteUserSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The records of a beacon that count: all of them for a visitor; for the site's own people
 * only JavaScript errors (the owner wants to hear about a broken page whoever met it).
 * The database is asked only when a session cookie came with the beacon.
 */
export async function countedRecords(request: FastifyRequest, records: TrackingRecord[]) {
  if (!request.cookies[SESSION_COOKIE]) return records;
  const account = await signedInAccount(request);
  if (!account || account.role === 'SITE_USER') return records;
  return records.filter(
    (r) => (r.table === 'events' && r.kind === 'js_error') || !ownVisitSkipped(account, r.pagePath ?? null),
  );
}
