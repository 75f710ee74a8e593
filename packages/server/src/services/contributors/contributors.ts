import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { siteUserSessions, siteUsers } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { type Actor, ROLE_CODES, mayGrantRole, roleName } from './permission-policy';
import { roleCeiling } from './invitations';

const columns = {
  id: siteUsers.id,
  email: siteUsers.email,
  roleCode: siteUsers.contributorRole,
  createdAt: siteUsers.createdAt,
};

function view(row: { id: string; email: string; roleCode: number | null; createdAt: Date }) {
  return {
    id: row.id,
    email: row.email,
    roleCode: row.roleCode ?? 14,
    roleName: roleName(row.roleCode),
    createdAt: row.createdAt.toISOString(),
  };
}

const isContributor = (websiteId: string, id: string) =>
  and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.id, id), eq(siteUsers.role, 'CONTRIBUTOR'));

export async function listContributors(db: Database, websiteId: string) {
  const rows = await db
    .select(columns)
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.role, 'CONTRIBUTOR')))
    .orderBy(asc(siteUsers.email));
  return rows.map(view);
}

/** Nobody changes or removes themselves: an admin could otherwise lock the site's people out. */
const isSelf = (actorId: string, id: string) => actorId === id;

/** The contributors an actor may manage: those whose role the actor could have given. */
const withinReach = (actor: Actor) =>
  inArray(
    siteUsers.contributorRole,
    ROLE_CODES.filter((code) => mayGrantRole(actor, code)),
  );

/** Nothing matched within reach: a contributor above the actor (403), or none at all (404). */
async function outOfReach(
  db: Database | Tx,
  websiteId: string,
  id: string,
  actor: Actor,
): Promise<Extract<Outcome<never>, { ok: false }>> {
  const [row] = await db
    .select({ roleCode: siteUsers.contributorRole })
    .from(siteUsers)
    .where(isContributor(websiteId, id));
  if (!row) return { ok: false, reason: 'CONTRIBUTOR_NOT_FOUND' };
  return roleCeiling(actor, row.roleCode ?? 14);
}

/**
 * Change a contributor's role. Like an invitation, never to a role above the actor's own
 * grants, and never for a contributor whose current role is above them.
 */
export async function changeContributorRole(
  db: Database,
  websiteId: string,
  input: { id: string; roleCode: number; actor: Actor & { id: string } },
): Promise<Outcome<ReturnType<typeof view>>> {
  if (isSelf(input.actor.id, input.id)) return { ok: false, reason: 'OWN_ROLE' };
  if (!mayGrantRole(input.actor, input.roleCode)) return roleCeiling(input.actor, input.roleCode);
  const [row] = await db
    .update(siteUsers)
    .set({ contributorRole: input.roleCode })
    .where(and(isContributor(websiteId, input.id), withinReach(input.actor)))
    .returning(columns);
  if (!row) return outOfReach(db, websiteId, input.id, input.actor);
  return { ok: true, value: view(row) };
}

/**
 * Remove a contributor: the account goes back to being a plain customer account (its orders
 * and addresses stay theirs) and every session of it ends, so the studio closes at once.
 * Only someone who could have given the contributor's role may take it away.
 */
export async function removeContributor(
  db: Database,
  websiteId: string,
  input: { id: string; actor: Actor & { id: string } },
): Promise<Outcome<void>> {
  if (isSelf(input.actor.id, input.id)) return { ok: false, reason: 'OWN_ROLE' };
  return asOutcome(() =>
    db.transaction(async (tx) => {
      const gone = await tx
        .update(siteUsers)
        .set({ role: 'SITE_USER', contributorRole: null })
        .where(and(isContributor(websiteId, input.id), withinReach(input.actor)))
        .returning({ id: siteUsers.id });
      if (gone.length === 0) {
        const refused = await outOfReach(tx, websiteId, input.id, input.actor);
        throw new Rejection(refused.reason, refused.values);
      }
      await tx.delete(siteUserSessions).where(eq(siteUserSessions.siteUserId, input.id));
    }),
  );
}
