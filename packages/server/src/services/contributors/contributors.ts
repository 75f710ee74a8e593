import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { siteUserSessions, siteUsers } from '../../db/schema/index';
import { ApiError } from '../../errors';
import { roleName } from '../../plugins/permissions';

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
function notSelf(actorId: string, id: string) {
  if (actorId === id) throw new ApiError('CONFLICT', 'You cannot change your own role.');
}

export async function changeContributorRole(
  db: Database,
  websiteId: string,
  input: { id: string; roleCode: number; actorId: string },
) {
  notSelf(input.actorId, input.id);
  const [row] = await db
    .update(siteUsers)
    .set({ contributorRole: input.roleCode })
    .where(isContributor(websiteId, input.id))
    .returning(columns);
  if (!row) throw new ApiError('NOT_FOUND', 'No such contributor.');
  return view(row);
}

/**
 * Remove a contributor: the account goes back to being a plain customer account (its orders
 * and addresses stay theirs) and every session of it ends, so the studio closes at once.
 */
export async function removeContributor(
  db: Database,
  websiteId: string,
  input: { id: string; actorId: string },
): Promise<void> {
  notSelf(input.actorId, input.id);
  await db.transaction(async (tx) => {
    const gone = await tx
      .update(siteUsers)
      .set({ role: 'SITE_USER', contributorRole: null })
      .where(isContributor(websiteId, input.id))
      .returning({ id: siteUsers.id });
    if (gone.length === 0) throw new ApiError('NOT_FOUND', 'No such contributor.');
    await tx.delete(siteUserSessions).where(eq(siteUserSessions.siteUserId, input.id));
  });
}
