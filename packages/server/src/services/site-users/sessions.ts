import type { SiteUserRole } from '../../db/schema/site-users';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteUserSessions, siteUsers } from '../../db/schema/index';

export const SESSION_COOKIE = 'siteUserSession';
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';
/** rememberMe keeps the session 30 days; otherwise it ends with the browser (and after 12 h). */
export const REMEMBER_ME_MS = 30 * 24 * 3600 * 1000;
export const SESSION_MS = 12 * 3600 * 1000;

export interface SignedInUser {
  id: string;
  websiteId: string;
  email: string;
  role: SiteUserRole;
  /** For a CONTRIBUTOR: its spec §3 role code (plugins/permissions.ts); null otherwise. */
  contributorRole: number | null;
  xsrfToken: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export async function createSession(
  db: Database,
  user: { id: string; websiteId: string },
  rememberMe: boolean,
): Promise<{ token: string; xsrfToken: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const xsrfToken = randomBytes(18).toString('base64url');
  const expiresAt = new Date(Date.now() + (rememberMe ? REMEMBER_ME_MS : SESSION_MS));
  await db.insert(siteUserSessions).values({
    tokenHash: hashToken(token),
    websiteId: user.websiteId,
    siteUserId: user.id,
    xsrfToken,
    expiresAt,
  });
  return { token, xsrfToken, expiresAt };
}

/** The user signed in with this cookie token on this website, or null. */
export async function findSession(
  db: Database,
  websiteId: string,
  token: string | undefined,
): Promise<SignedInUser | null> {
  if (!token || token.length > 128) return null;
  const [row] = await db
    .select({
      id: siteUsers.id,
      websiteId: siteUsers.websiteId,
      email: siteUsers.email,
      role: siteUsers.role,
      contributorRole: siteUsers.contributorRole,
      xsrfToken: siteUserSessions.xsrfToken,
    })
    .from(siteUserSessions)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserSessions.siteUserId))
    .where(
      and(
        eq(siteUserSessions.tokenHash, hashToken(token)),
        eq(siteUserSessions.websiteId, websiteId),
        gt(siteUserSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Database, token: string | undefined): Promise<void> {
  if (!token || token.length > 128) return;
  await db.delete(siteUserSessions).where(eq(siteUserSessions.tokenHash, hashToken(token)));
}
