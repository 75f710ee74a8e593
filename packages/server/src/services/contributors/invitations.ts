import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { contributorInvitations, siteUsers } from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import { type Actor, mayGrantRole, roleName } from './permission-policy';
import { enqueueEmail } from '../email/email-outbox';
import { invitationMail } from './invitation-mail';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import { normaliseEmail } from '../site-users/accounts';

/** An invitation link works for 7 days, once. */
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
export const ACCEPT_PATH = '/config/accept-invitation';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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

/** The refusal of a role above the actor's grants: "Your role (Editor) cannot give the role Admin." */
export function roleCeiling(actor: Actor, roleCode: number) {
  const own = actor.role === 'OWNER' ? 'Owner' : roleName(actor.contributorRole);
  return { ok: false as const, reason: 'ROLE_CEILING' as const, values: { own, role: roleName(roleCode) } };
}

/**
 * Invite `email` with a role: the invitation row (only the token's SHA-256 kept) and its mail
 * in one transaction. Nobody invites above their own grants (mayGrantRole). An address has
 * one pending invitation (a partial unique index): inviting it again replaces the token, so
 * only the newest link works, also when invitations are sent at the same moment. The owner's
 * own address, or a contributor's, cannot be invited: 409.
 */
export async function inviteContributor(
  db: Database,
  site: Site,
  input: { email: string; roleCode: number; inviter: Actor & { id: string } },
): Promise<Outcome<ReturnType<typeof invitationView>>> {
  if (!mayGrantRole(input.inviter, input.roleCode)) return roleCeiling(input.inviter, input.roleCode);
  const email = normaliseEmail(input.email);
  const [existing] = await db
    .select({ role: siteUsers.role })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, site.id), eq(siteUsers.email, email)))
    .limit(1);
  if (existing?.role === 'OWNER') return { ok: false, reason: 'ADDRESS_IS_OWNER' };
  if (existing?.role === 'CONTRIBUTOR') return { ok: false, reason: 'ALREADY_CONTRIBUTOR' };
  const token = randomBytes(32).toString('base64url');
  const link = `${siteBaseUrl(site)}${ACCEPT_PATH}?token=${token}`;
  const role = roleName(input.roleCode);
  const fresh = {
    roleCode: input.roleCode,
    tokenHash: hashToken(token),
    invitedBy: input.inviter.id,
    expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    createdAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    const upserted = theRow(
      await tx
        .insert(contributorInvitations)
        .values({ websiteId: site.id, email, ...fresh })
        .onConflictDoUpdate({
          target: [contributorInvitations.websiteId, contributorInvitations.email],
          targetWhere: isNull(contributorInvitations.acceptedAt),
          set: fresh,
        })
        .returning(),
      'upsert into contributor_invitations',
    );
    const siteName = site.siteTitle || site.identifier;
    await enqueueEmail(tx, {
      websiteId: site.id,
      kind: 'contributor-invitation',
      to: email,
      ...invitationMail({ siteName, role, link }),
      secrets: [token],
    });
    return upserted;
  });
  return { ok: true, value: invitationView(row) };
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

export async function revokeInvitation(db: Database, websiteId: string, id: string): Promise<Outcome<void>> {
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
  if (gone.length === 0) return { ok: false, reason: 'INVITATION_NOT_FOUND' };
  return { ok: true, value: undefined };
}
