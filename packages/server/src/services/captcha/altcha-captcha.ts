import { randomBytes } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { theRow } from '../../db/rows';
import { captchaKeys, captchaSolutionsUsed } from '../../db/schema/index';
import type { CaptchaProvider } from './captcha-provider';

/** Challenges expire after 10 minutes; the expiry is signed into the salt. */
const TTL_MS = 10 * 60_000;

async function hmacKeyFor(db: Database | Tx, websiteId: string): Promise<string> {
  const [row] = await db.select().from(captchaKeys).where(eq(captchaKeys.websiteId, websiteId)).limit(1);
  if (row) return row.hmacKey;
  // First use on this site: create the key; a concurrent creator wins and we read theirs.
  await db
    .insert(captchaKeys)
    .values({ websiteId, hmacKey: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(captchaKeys).where(eq(captchaKeys.websiteId, websiteId)).limit(1);
  return theRow(rows, 'captcha key after insert').hmacKey;
}

/**
 * Self-hosted proof-of-work captcha (ALTCHA protocol v1): the browser finds a number whose
 * SHA-256 with the salt matches the challenge; the server checks the HMAC signature, the
 * expiry and that the solution was not used before. No third-party call is needed.
 */
export function altchaCaptcha(options: { maxNumber?: number } = {}): CaptchaProvider {
  const maxnumber = options.maxNumber ?? 100_000;
  return {
    async challenge(db, websiteId) {
      const hmacKey = await hmacKeyFor(db, websiteId);
      return createChallenge({ hmacKey, maxnumber, expires: new Date(Date.now() + TTL_MS) });
    },
    async consume(tx, websiteId, solution) {
      if (solution.length > 2048) return false;
      const hmacKey = await hmacKeyFor(tx, websiteId);
      let valid = false;
      let signature = '';
      try {
        valid = await verifySolution(solution, hmacKey, true);
        signature = JSON.parse(Buffer.from(solution, 'base64').toString('utf8')).signature;
        if (!extractParams(solution).expires) valid = false;
      } catch {
        return false;
      }
      if (!valid || typeof signature !== 'string' || !signature) return false;
      const used = await tx
        .insert(captchaSolutionsUsed)
        .values({ websiteId, signature })
        .onConflictDoNothing()
        .returning({ signature: captchaSolutionsUsed.signature });
      return used.length === 1;
    },
  };
}
