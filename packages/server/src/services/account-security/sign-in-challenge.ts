import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { theRow } from '../../db/rows';
import { signInChallenges, siteUsers } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import type { SecretBoxSource } from '../payments/secret-box';
import { checkSecondFactor } from './two-factor';
import { hashSecret, joinToken, newSecret, secretMatches, splitToken } from './split-token';

/** The code must follow the password within 5 minutes, in at most 5 tries. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_TRIES = 5;

/**
 * Per-account counting of code attempts across tickets (the app's limit store): `take`
 * counts one and says whether it is over the limit; `giveBack` returns it after a right code.
 */
export interface CodeAttempts {
  take(siteUserId: string): Promise<boolean>;
  giveBack(siteUserId: string): Promise<void>;
}

/** The password was right and the account has two-step sign-in: a ticket for the code step. */
export async function openSignInChallenge(
  db: Database,
  account: { id: string; websiteId: string },
  rememberMe: boolean,
  now: Date,
): Promise<string> {
  // The account's stale tickets go as a new one comes: the table holds only live ones.
  await db
    .delete(signInChallenges)
    .where(and(eq(signInChallenges.siteUserId, account.id), lte(signInChallenges.expiresAt, now)));
  const secret = newSecret();
  const row = theRow(
    await db
      .insert(signInChallenges)
      .values({
        websiteId: account.websiteId,
        siteUserId: account.id,
        secretHash: hashSecret(secret),
        rememberMe,
        expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: signInChallenges.id }),
    'insert into sign_in_challenges',
  );
  return joinToken(row.id, secret);
}

export type ChallengeAccount = typeof siteUsers.$inferSelect & { rememberMe: boolean };

/**
 * The code step. The ticket must be this site's, unexpired and under its tries; each try is
 * counted (by a conditional UPDATE) before the code is checked, and per account across
 * tickets. A right code spends the ticket, so it starts one session only.
 */
export function answerSignInChallenge(
  db: Database,
  box: SecretBoxSource,
  websiteId: string,
  input: { ticket: string; code: string },
  attempts: CodeAttempts,
  now: Date,
): Promise<Outcome<ChallengeAccount>> {
  return asOutcome(async () => {
    const parts = splitToken(input.ticket);
    if (!parts) throw new Rejection('SIGN_IN_STEP_EXPIRED');
    const live = and(
      eq(signInChallenges.id, parts.id),
      eq(signInChallenges.websiteId, websiteId),
      gt(signInChallenges.expiresAt, now),
      lt(signInChallenges.attempts, CHALLENGE_TRIES),
    );
    const [challenge] = await db.select().from(signInChallenges).where(live).limit(1);
    if (!challenge || !secretMatches(parts.secret, challenge.secretHash))
      throw new Rejection('SIGN_IN_STEP_EXPIRED');
    if (await attempts.take(challenge.siteUserId)) throw new Rejection('TWO_FACTOR_RATE_LIMITED');
    const [counted] = await db
      .update(signInChallenges)
      .set({ attempts: sql`${signInChallenges.attempts} + 1` })
      .where(live)
      .returning({ id: signInChallenges.id });
    if (!counted) throw new Rejection('SIGN_IN_STEP_EXPIRED');
    if (!(await checkSecondFactor(db, box, challenge.siteUserId, input.code, now)))
      throw new Rejection('TWO_FACTOR_CODE_WRONG');
    await attempts.giveBack(challenge.siteUserId);
    const spent = await db
      .delete(signInChallenges)
      .where(eq(signInChallenges.id, challenge.id))
      .returning({ id: signInChallenges.id });
    if (spent.length === 0) throw new Rejection('SIGN_IN_STEP_EXPIRED');
    const [account] = await db.select().from(siteUsers).where(eq(siteUsers.id, challenge.siteUserId));
    if (!account) throw new Rejection('SIGN_IN_STEP_EXPIRED');
    return { ...account, rememberMe: challenge.rememberMe };
  });
}
