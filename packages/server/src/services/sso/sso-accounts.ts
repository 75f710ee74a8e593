import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { type SiteUserRole, siteUsers, ssoIdentities } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { normaliseEmail } from '../site-users/accounts';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import type { SsoClaims } from './sso-client';

/**
 * A password no one can type: an account made by SSO has no local password until its owner
 * sets one with "Forgot password?" (verifyPassword never matches a malformed hash).
 */
export const NO_PASSWORD = '!sso';

export interface SsoAccount {
  id: string;
  websiteId: string;
  role: SiteUserRole;
  contributorRole: number | null;
  language: string | null;
  created: boolean;
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string })?.code === UNIQUE_VIOLATION ||
  (error as { cause?: { code?: string } })?.cause?.code === UNIQUE_VIOLATION;

type Account = typeof siteUsers.$inferSelect;

/** Customers and members only: the site's owner and contributors sign in with their password (and code). */
function usable(account: Account, created: boolean): SsoAccount {
  if (account.role !== 'SITE_USER') throw new Rejection('SSO_STAFF_ACCOUNT');
  return {
    id: account.id,
    websiteId: account.websiteId,
    role: account.role,
    contributorRole: account.contributorRole,
    language: account.language,
    created,
  };
}

/**
 * The account a provider's identity signs in to, on this site only:
 * 1. (issuer, subject) already linked: that account, whatever the e-mail says now.
 * 2. An account with the e-mail exists: linked only when the provider says the address is
 *    verified (email_verified === true); otherwise refused, so nobody takes over an account
 *    by claiming its address at a provider.
 * 3. No account: one is created (a customer, without a password) and linked.
 * Unique indexes decide races: a second request doing the same at once gets SSO_RACE (409).
 */
export function accountForIdentity(
  db: Database,
  websiteId: string,
  claims: SsoClaims,
): Promise<Outcome<SsoAccount>> {
  return asOutcome(async () => {
    try {
      return await db.transaction((tx) => link(tx, websiteId, claims));
    } catch (error) {
      if (isUniqueViolation(error)) throw new Rejection('SSO_RACE');
      throw error;
    }
  });
}

async function link(tx: Tx, websiteId: string, claims: SsoClaims): Promise<SsoAccount> {
  const [known] = await tx
    .select({ account: siteUsers, identityId: ssoIdentities.id })
    .from(ssoIdentities)
    .innerJoin(siteUsers, eq(siteUsers.id, ssoIdentities.siteUserId))
    .where(
      and(
        eq(ssoIdentities.websiteId, websiteId),
        eq(ssoIdentities.issuer, claims.issuer),
        eq(ssoIdentities.subject, claims.subject),
      ),
    )
    .limit(1);
  if (known) {
    const account = usable(known.account, false);
    await tx
      .update(ssoIdentities)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(ssoIdentities.id, known.identityId));
    return account;
  }
  if (!claims.email) throw new Rejection('SSO_NO_EMAIL');
  const email = normaliseEmail(claims.email);
  const [existing] = await tx
    .select()
    .from(siteUsers)
    .where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, email)))
    .limit(1);
  let account: SsoAccount;
  if (existing) {
    if (!claims.emailVerified) throw new Rejection('SSO_EMAIL_UNVERIFIED');
    account = usable(existing, false);
  } else {
    const [made] = await tx
      .insert(siteUsers)
      .values({ websiteId, email, passwordHash: NO_PASSWORD, role: 'SITE_USER' })
      .onConflictDoNothing({ target: [siteUsers.websiteId, siteUsers.email] })
      .returning();
    // Someone made an account with this address a moment ago: this sign-in starts again.
    if (!made) throw new Rejection('SSO_RACE');
    await queueWebhookEvent(tx, websiteId, 'member.joined', () => ({
      object: 'member',
      id: made.id,
      email,
      createdAt: made.createdAt.toISOString(),
    }));
    account = usable(made, true);
  }
  const [linked] = await tx
    .insert(ssoIdentities)
    .values({ websiteId, issuer: claims.issuer, subject: claims.subject, siteUserId: account.id })
    .onConflictDoNothing({ target: [ssoIdentities.websiteId, ssoIdentities.issuer, ssoIdentities.subject] })
    .returning({ id: ssoIdentities.id });
  if (!linked) throw new Rejection('SSO_RACE');
  return account;
}
