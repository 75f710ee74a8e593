import type { Limiter } from './limit-store';

export interface SignInLimits {
  /** Failed attempts per account from one client address: then that pair is locked. */
  pair: number;
  /** Attempts per client address across every account (a sign-in that succeeds is given back). */
  address: number;
  /** Failed attempts per account from addresses it never signed in from. */
  account: number;
}

export const SIGN_IN_LIMITS: SignInLimits = { pair: 5, address: 20, account: 100 };
const WINDOW_MS = 15 * 60_000;
/** How long an address stays known for an account after a successful sign-in from it. */
const KNOWN_MS = 30 * 24 * 3600_000;

type LimiterOf = (name: string, max: number, windowMs: number) => Limiter;

export interface SignInAttempt {
  /** Over a limit: refuse without checking the password (429). */
  refused: boolean;
  /** The password was right: give back what the attempt took, and know this address. */
  succeeded(): Promise<void>;
}

/**
 * Sign-in throttling as OWASP advises: lock by account *and* address, slow down by each
 * alone, so that nobody can lock someone else out by guessing their password.
 *
 * - Per (account, address) pair: 5 failures in 15 minutes lock that pair only. Wrong
 *   passwords from a stranger's address lock the stranger out of that account; the owner
 *   signing in from anywhere else is not affected.
 * - Per address: 20 attempts in 15 minutes across every account, so one address cannot
 *   work through a list of accounts (a success does not use up the allowance).
 * - Per account: against guessing spread over many addresses, 100 failures in 15 minutes,
 *   counted and enforced only for addresses that have never signed in to this account (in
 *   the last 30 days). An attack from many addresses can then shut out new addresses for a
 *   while, but never an address the account holder has used: there only the pair lock (their
 *   own mistakes) applies, not the account's or the address's counts.
 *
 * Attempts are counted *before* the password is checked, so concurrent guesses cannot all
 * slip in under a limit; every count lives in the app's limit store (Redis with REDIS_URL).
 */
export function signInThrottle(limiter: LimiterOf, limits: SignInLimits = SIGN_IN_LIMITS) {
  const pair = limiter('sign-in-pair', limits.pair, WINDOW_MS);
  const address = limiter('sign-in-address', limits.address, WINDOW_MS);
  const account = limiter('sign-in-account', limits.account, WINDOW_MS);
  const known = limiter('sign-in-known', Number.MAX_SAFE_INTEGER, KNOWN_MS);

  return {
    async attempt(siteId: string, email: string, clientAddress: string): Promise<SignInAttempt> {
      const who = `${siteId}:${email.trim().toLowerCase()}`;
      const from = `${siteId}:${clientAddress}`;
      const both = `${who}:${clientAddress}`;
      const trusted = await known.seen(both);
      const [pairOver, addressOver, accountOver] = await Promise.all([
        pair.hit(both),
        trusted ? false : address.hit(from),
        trusted ? false : account.hit(who),
      ]);
      return {
        refused: pairOver || addressOver || accountOver,
        async succeeded() {
          await Promise.all([
            pair.reset(both),
            trusted ? undefined : address.undo(from),
            trusted ? undefined : account.undo(who),
            known.hit(both),
          ]);
        },
      };
    },
    /**
     * The account's password was just reset from this address: its earlier wrong guesses
     * from here no longer lock it out of signing in with the new one.
     */
    async forgive(siteId: string, email: string, clientAddress: string): Promise<void> {
      await pair.reset(`${siteId}:${email.trim().toLowerCase()}:${clientAddress}`);
    },
  };
}
