import type { SiteUserRole } from '../../db/schema/site-users';
import type { Database } from '../../db/client';
import { mergeGuestCartOnLogin } from './guest-cart-merge';
import { REMEMBER_ME_MS, createSession } from './sessions';

/** What a new signed-in session is made of; the HTTP edge turns it into cookies (routes/account-cookies.ts). */
export interface AccountSession {
  sessionToken: string;
  xsrfToken: string;
  /** Seconds the session cookie lasts ("remember me"); undefined: until the browser closes. */
  maxAgeSeconds: number | undefined;
  /** The SiteUserInfo cookie's value (read by the storefront runtime). */
  info: Record<string, unknown>;
  /** The account's cart after the guest cart was merged into it, if there is one. */
  cartToken: string | undefined;
}

/**
 * Start a signed-in session for an account whose credentials were just checked (sign-in) or
 * that was just created: the session, the SiteUserInfo value, then the guest cart merged into
 * the account's. One path for both, so a new account behaves exactly like a sign-in.
 */
export async function openAccountSession(
  db: Database,
  account: { id: string; websiteId: string; role: SiteUserRole; contributorRole?: number | null },
  rememberMe: boolean,
  guestCartToken: string | undefined,
): Promise<AccountSession> {
  const session = await createSession(db, account, rememberMe);
  const maxAgeSeconds = rememberMe ? Math.floor(REMEMBER_ME_MS / 1000) : undefined;
  // `role` only for an owner or a contributor (with its spec §3 code): the cached pages carry
  // no per-visitor state, so the runtime reads it here to show the owner a link to the studio
  // and to leave the site's own people out of the visitor numbers (spec §6). It
  // grants nothing (the studio checks the session); a customer's cookie keeps the spec's two fields.
  const staff =
    account.role === 'OWNER'
      ? { role: 'OWNER' }
      : account.role === 'CONTRIBUTOR'
        ? { role: 'CONTRIBUTOR', contributorRole: account.contributorRole ?? null }
        : {};
  const cartToken = await mergeGuestCartOnLogin(db, {
    websiteId: account.websiteId,
    guestCartToken,
    siteUserId: account.id,
  });
  return {
    sessionToken: session.token,
    xsrfToken: session.xsrfToken,
    maxAgeSeconds,
    info: { authenticated: true, siteUserId: account.id, ...staff },
    cartToken: cartToken ?? undefined,
  };
}
