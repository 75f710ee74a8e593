import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import {
  passwordResets,
  signInChallenges,
  siteUserSessions,
  siteUsers,
  staffTwoFactor,
} from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { enqueueEmail } from '../email/email-outbox';
import { findAccountByEmail } from '../site-users/accounts';
import { hashPassword } from '../site-users/password';
import { type ResetSite, resetMail } from './reset-mail';
import { hashSecret, joinToken, newSecret, secretMatches, splitToken } from './split-token';

/** A reset link works for one hour, once. */
export const RESET_TTL_MS = 60 * 60_000;

/**
 * Mail a link to choose a new password to the account with `email` on this site, if there is
 * one; otherwise do nothing. The caller answers the same either way (and before this runs).
 * One live link per account: asking again replaces the secret, so only the newest link works.
 */
export async function sendPasswordReset(
  db: Database,
  site: ResetSite,
  email: string,
  now: Date,
): Promise<void> {
  const account = await findAccountByEmail(db, site.id, email);
  if (!account) return;
  const secret = newSecret();
  const fresh = {
    secretHash: hashSecret(secret),
    expiresAt: new Date(now.getTime() + RESET_TTL_MS),
    createdAt: now,
  };
  await db.transaction(async (tx) => {
    const row = theRow(
      await tx
        .insert(passwordResets)
        .values({ websiteId: site.id, siteUserId: account.id, ...fresh })
        .onConflictDoUpdate({ target: passwordResets.siteUserId, set: fresh })
        .returning({ id: passwordResets.id }),
      'upsert into password_resets',
    );
    await enqueueEmail(tx, resetMail(site, account, joinToken(row.id, secret)));
  });
}

/** The live reset of this token on this site (another site's link is not found here). */
async function liveReset(db: Database, websiteId: string, token: string, now: Date) {
  const parts = splitToken(token);
  if (!parts) return null;
  const [row] = await db
    .select({
      id: passwordResets.id,
      secretHash: passwordResets.secretHash,
      expiresAt: passwordResets.expiresAt,
      siteUserId: passwordResets.siteUserId,
      email: siteUsers.email,
    })
    .from(passwordResets)
    .innerJoin(siteUsers, eq(siteUsers.id, passwordResets.siteUserId))
    .where(and(eq(passwordResets.id, parts.id), eq(passwordResets.websiteId, websiteId)))
    .limit(1);
  // The secret is compared even for an expired row: the answer's timing says nothing more.
  if (!row || !secretMatches(parts.secret, row.secretHash) || row.expiresAt <= now) return null;
  return row;
}

/** Is the link still good? Its address, for the page (and password managers) to show. */
export async function checkPasswordReset(
  db: Database,
  websiteId: string,
  token: string,
  now: Date,
): Promise<Outcome<{ email: string }>> {
  const reset = await liveReset(db, websiteId, token, now);
  return reset ? { ok: true, value: { email: reset.email } } : { ok: false, reason: 'RESET_LINK_INVALID' };
}

export interface ResetAccount {
  id: string;
  websiteId: string;
  email: string;
  role: (typeof siteUsers.$inferSelect)['role'];
  contributorRole: number | null;
  language: string | null;
  /** Two-step sign-in is on: the caller sends the person to sign in, not into a session. */
  twoFactor: boolean;
}

/**
 * Set the new password with the link. The link is spent by one conditional DELETE in the
 * same transaction as the password change, so two uses at once cannot both succeed; every
 * session of the account and every half-done sign-in end with it. The password is hashed
 * before the transaction, which then holds its locks for milliseconds only.
 */
export function completePasswordReset(
  db: Database,
  websiteId: string,
  input: { token: string; password: string },
  now: Date,
): Promise<Outcome<ResetAccount>> {
  return asOutcome(async () => {
    const reset = await liveReset(db, websiteId, input.token, now);
    if (!reset) throw new Rejection('RESET_LINK_INVALID');
    const passwordHash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      const spent = await tx
        .delete(passwordResets)
        .where(
          and(
            eq(passwordResets.id, reset.id),
            eq(passwordResets.secretHash, reset.secretHash),
            gt(passwordResets.expiresAt, now),
          ),
        )
        .returning({ siteUserId: passwordResets.siteUserId });
      if (spent.length === 0) throw new Rejection('RESET_LINK_INVALID');
      const account = theRow(
        await tx
          .update(siteUsers)
          .set({ passwordHash })
          .where(eq(siteUsers.id, reset.siteUserId))
          .returning(),
        'update site_users',
      );
      await tx.delete(siteUserSessions).where(eq(siteUserSessions.siteUserId, account.id));
      await tx.delete(signInChallenges).where(eq(signInChallenges.siteUserId, account.id));
      const [second] = await tx
        .select({ on: staffTwoFactor.siteUserId })
        .from(staffTwoFactor)
        .where(and(eq(staffTwoFactor.siteUserId, account.id), isNotNull(staffTwoFactor.enabledAt)));
      return {
        id: account.id,
        websiteId: account.websiteId,
        email: account.email,
        role: account.role,
        contributorRole: account.contributorRole,
        language: account.language,
        twoFactor: Boolean(second),
      };
    });
  });
}
