import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { contributorInvitations, siteUserSessions, siteUsers } from '../../db/schema/index';
import { ApiError } from '../../errors';
import { roleName } from '../../plugins/permissions';
import { enqueueEmail } from '../email/email-outbox';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import { normaliseEmail } from '../site-users/accounts';
import { hashPassword } from '../site-users/password';

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const ACCEPT_PATH = '/config/accept-invitation';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type Site = Pick<SiteRecord, 'id' | 'baseUrl' | 'hosts' | 'identifier' | 'siteTitle'>;

function invitationView(row: typeof contributorInvitations.$inferSelect) {
  return {
    id: row.id,
    email: row.email,
    roleCode: row.roleCode,
    roleName: roleName(row.roleCode),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Invite `email` with a role: the invitation row (only the token's SHA-256 kept) and its mail
 * in one transaction. Inviting an address again replaces its pending invitation (the old link
 * stops working). The owner's own address, or a contributor's, cannot be invited: 409.
 */
export async function inviteContributor(
  db: Database,
  site: Site,
  input: { email: string; roleCode: number; invitedBy: string },
) {
  const email = normaliseEmail(input.email);
  const [existing] = await db
    .select({ role: siteUsers.role })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, site.id), eq(siteUsers.email, email)))
    .limit(1);
  if (existing?.role === 'OWNER') throw new ApiError('CONFLICT', 'This address belongs to the site owner.');
  if (existing?.role === 'CONTRIBUTOR') {
    throw new ApiError('CONFLICT', 'This person is already a contributor: change their role instead.');
  }
  const token = randomBytes(32).toString('base64url');
  const link = `${siteBaseUrl(site)}${ACCEPT_PATH}?token=${token}`;
  const role = roleName(input.roleCode);
  const row = await db.transaction(async (tx) => {
    await tx
      .delete(contributorInvitations)
      .where(
        and(
          eq(contributorInvitations.websiteId, site.id),
          eq(contributorInvitations.email, email),
          isNull(contributorInvitations.acceptedAt),
        ),
      );
    const inserted = theRow(
      await tx
        .insert(contributorInvitations)
        .values({
          websiteId: site.id,
          email,
          roleCode: input.roleCode,
          tokenHash: hashToken(token),
          invitedBy: input.invitedBy,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        })
        .returning(),
      'insert into contributor_invitations',
    );
    const siteName = site.siteTitle || site.identifier;
    await enqueueEmail(tx, {
      websiteId: site.id,
      kind: 'contributor-invitation',
      to: email,
      subject: `You are invited to help run ${siteName}`,
      text: [
        `You have been invited to help run ${siteName} as ${role}.`,
        '',
        'Accept the invitation and choose your password here (the link works once, for 7 days):',
        link,
        '',
        'If you did not expect this, ignore this message.',
      ].join('\n'),
    });
    return inserted;
  });
  return invitationView(row);
}

/** Invitations not yet accepted, newest first. */
export async function listInvitations(db: Database, websiteId: string) {
  const rows = await db
    .select()
    .from(contributorInvitations)
    .where(and(eq(contributorInvitations.websiteId, websiteId), isNull(contributorInvitations.acceptedAt)))
    .orderBy(desc(contributorInvitations.createdAt));
  return rows.map(invitationView);
}

export async function revokeInvitation(db: Database, websiteId: string, id: string): Promise<void> {
  const gone = await db
    .delete(contributorInvitations)
    .where(
      and(
        eq(contributorInvitations.websiteId, websiteId),
        eq(contributorInvitations.id, id),
        isNull(contributorInvitations.acceptedAt),
      ),
    )
    .returning({ id: contributorInvitations.id });
  if (gone.length === 0) throw new ApiError('NOT_FOUND', 'No such invitation.');
}

export const INVALID_INVITATION = 'This invitation link is not valid any more. Ask for a new invitation.';

/**
 * Accept with the link's token and a new password. The token is spent by one conditional
 * UPDATE (unaccepted, unexpired), so two accepts at once cannot both succeed. An existing
 * customer account of that address is upgraded rather than refused: the link proves the
 * person reads that mailbox, and they keep their orders and addresses; the password they
 * choose becomes the account's. An owner account is never touched.
 */
export async function acceptInvitation(
  db: Database,
  websiteId: string,
  input: { token: string; password: string },
): Promise<{ id: string; websiteId: string; email: string; roleCode: number }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(contributorInvitations)
      .set({ acceptedAt: sql`now()` })
      .where(
        and(
          eq(contributorInvitations.websiteId, websiteId),
          eq(contributorInvitations.tokenHash, hashToken(input.token)),
          isNull(contributorInvitations.acceptedAt),
          gt(contributorInvitations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!invitation) throw new ApiError('NOT_FOUND', INVALID_INVITATION);
    const [existing] = await tx
      .select({ id: siteUsers.id, role: siteUsers.role })
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, invitation.email)))
      .limit(1);
    if (existing?.role === 'OWNER') {
      throw new ApiError('CONFLICT', 'This address belongs to the site owner.');
    }
    const role = { role: 'CONTRIBUTOR' as const, contributorRole: invitation.roleCode, passwordHash };
    let id: string;
    if (existing) {
      await tx.update(siteUsers).set(role).where(eq(siteUsers.id, existing.id));
      // Sessions opened with the old password end: the new one is the only way in.
      await tx.delete(siteUserSessions).where(eq(siteUserSessions.siteUserId, existing.id));
      id = existing.id;
    } else {
      const rows = await tx
        .insert(siteUsers)
        .values({ websiteId, email: invitation.email, ...role })
        .returning({ id: siteUsers.id });
      id = theRow(rows, 'insert into site_users').id;
    }
    return { id, websiteId, email: invitation.email, roleCode: invitation.roleCode };
  });
}
