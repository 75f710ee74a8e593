import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { twoFactorRecoveryCodes } from '../../db/schema/index';
import { hashSecret } from './split-token';

/** Ten codes of 16 characters (80 random bits each), shown once and kept as SHA-256 only. */
export const RECOVERY_CODE_COUNT = 10;
// Crockford's base32: no I, L, O or U to misread.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** What was typed, as stored: lower case, no spaces or dashes, misreadable letters mapped. */
export function normaliseRecoveryCode(code: string): string | null {
  const plain = code
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
  const valid = plain.length === GROUPS * GROUP_LENGTH && [...plain].every((c) => ALPHABET.includes(c));
  return valid ? plain : null;
}

/** Replace the account's recovery codes with new ones; answers them (the only time they are seen). */
export async function replaceRecoveryCodes(tx: Database | Tx, siteUserId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.siteUserId, siteUserId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(codes.map((code) => ({ siteUserId, codeHash: hashSecret(normaliseRecoveryCode(code) ?? code) })));
  return codes;
}

/**
 * Use one recovery code: compared in constant time with every unused code of the account (no
 * early exit), then spent by a conditional UPDATE, so a code works once even when sent twice
 * at the same moment.
 */
export async function spendRecoveryCode(
  tx: Database | Tx,
  siteUserId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const plain = normaliseRecoveryCode(code);
  if (!plain) return false;
  const typed = Buffer.from(hashSecret(plain), 'hex');
  const unused = await tx
    .select({ id: twoFactorRecoveryCodes.id, codeHash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.siteUserId, siteUserId), isNull(twoFactorRecoveryCodes.usedAt)));
  let match: string | null = null;
  for (const row of unused) {
    const stored = Buffer.from(row.codeHash, 'hex');
    if (stored.length === typed.length && timingSafeEqual(stored, typed)) match = row.id;
  }
  if (!match) return false;
  const spent = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(twoFactorRecoveryCodes.id, match), isNull(twoFactorRecoveryCodes.usedAt)))
    .returning({ id: twoFactorRecoveryCodes.id });
  return spent.length > 0;
}
