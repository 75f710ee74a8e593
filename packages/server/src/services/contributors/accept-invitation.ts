import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { contributorInvitations, siteUsers } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome, reasonCatalogue } from '../../reasons';
import { normaliseEmail } from '../site-users/accounts';
import { hashPassword, verifyPassword } from '../site-users/password';
import { hashToken } from './invitations';

export interface AcceptInput {
  token: string;
  /** The address the invitation was sent to, typed again by the person accepting. */
  email: string;
  /** A new account's password, chosen now. */
  password?: string;
  /** An existing account's password: proves the person holds that account. */
  currentPassword?: string;
}

/** A pending, unexpired invitation of this token *and* this address (else nothing, no hint which). */
const livePending = (websiteId: string, token: string, email: string) =>
  and(
    eq(contributorInvitations.websiteId, websiteId),
    eq(contributorInvitations.tokenHash, hashToken(token)),
    eq(contributorInvitations.email, email),
    isNull(contributorInvitations.acceptedAt),
    gt(contributorInvitations.expiresAt, new Date()),
  );

/**
 * Accept an invitation. The link alone is not enough: the person types the address it was
 * sent to, and a wrong address is answered like a wrong link. Then either
 * - no account has that address: one is made with the password chosen now; or
 * - an account does (a customer): it becomes a contributor only with its current password,
 *   so a leaked link can never take over someone's account by setting a new password. Its
 *   password, orders and addresses stay as they are.
 * The token is spent by one conditional UPDATE, so two accepts at once cannot both succeed;
 * passwords are hashed and checked before the transaction, which holds no lock meanwhile.
 */
export async function acceptInvitation(
  db: Database,
  websiteId: string,
  input: AcceptInput,
): Promise<Outcome<{ id: string; websiteId: string; email: string; roleCode: number }>> {
  const email = normaliseEmail(input.email);
  const [invitation] = await db
    .select({ id: contributorInvitations.id })
    .from(contributorInvitations)
    .where(livePending(websiteId, input.token, email))
    .limit(1);
  if (!invitation) return { ok: false, reason: 'INVITATION_INVALID' };
  const [account] = await db
    .select({ id: siteUsers.id, role: siteUsers.role, passwordHash: siteUsers.passwordHash })
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, email)))
    .limit(1);
  if (account?.role === 'OWNER') return { ok: false, reason: 'ADDRESS_IS_OWNER' };
  if (account) {
    if (!input.currentPassword) return { ok: false, reason: 'INVITATION_ACCOUNT_EXISTS' };
    if (!(await verifyPassword(input.currentPassword, account.passwordHash)))
      return { ok: false, reason: 'INVITATION_PASSWORD_WRONG' };
  } else if (!input.password) {
    const message = reasonCatalogue.INVITATION_PASSWORD_NEEDED.message;
    return { ok: false, reason: 'INVITATION_PASSWORD_NEEDED', details: { errors: { password: message } } };
  }
  const newHash = account ? null : await hashPassword(input.password ?? '');

  return asOutcome(() =>
    db.transaction(async (tx) => {
      const [spent] = await tx
        .update(contributorInvitations)
        .set({ acceptedAt: sql`now()` })
        .where(livePending(websiteId, input.token, email))
        .returning({ roleCode: contributorInvitations.roleCode });
      if (!spent) throw new Rejection('INVITATION_INVALID');
      const contributor = { role: 'CONTRIBUTOR' as const, contributorRole: spent.roleCode };
      let id: string;
      if (account) {
        // Still the account whose password was just checked (not changed meanwhile, not the owner).
        const [upgraded] = await tx
          .update(siteUsers)
          .set(contributor)
          .where(
            and(
              eq(siteUsers.id, account.id),
              eq(siteUsers.passwordHash, account.passwordHash),
              ne(siteUsers.role, 'OWNER'),
            ),
          )
          .returning({ id: siteUsers.id });
        if (!upgraded) throw new Rejection('INVITATION_ACCOUNT_EXISTS');
        id = upgraded.id;
      } else {
        // An account made for this address since the check above must be proven like any other.
        const rows = await tx
          .insert(siteUsers)
          .values({ websiteId, email, passwordHash: newHash ?? '', ...contributor })
          .onConflictDoNothing()
          .returning({ id: siteUsers.id });
        if (rows.length === 0) throw new Rejection('INVITATION_ACCOUNT_EXISTS');
        id = theRow(rows, 'insert into site_users').id;
      }
      return { id, websiteId, email, roleCode: spent.roleCode };
    }),
  );
}
