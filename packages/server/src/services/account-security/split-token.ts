import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens that are looked up and then checked, `<id>.<secret>` (a reset link, a sign-in
 * ticket): the row is found by its id, and the secret's SHA-256 is compared with the stored
 * one in constant time. The database never holds the secret itself, and no index lookup on
 * the secret can leak how much of a guess was right.
 */
const ID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** 256 random bits, base64url. */
export const newSecret = (): string => randomBytes(32).toString('base64url');

export const joinToken = (id: string, secret: string): string => `${id}.${secret}`;

/** The two halves of a token, or null when it cannot be one of ours. */
export function splitToken(token: string): { id: string; secret: string } | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  return ID_SHAPE.test(id) && SECRET_SHAPE.test(secret) ? { id, secret } : null;
}

/** Constant-time: does `secret` hash to `storedHash`? */
export function secretMatches(secret: string, storedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret), 'hex');
  const expected = Buffer.from(storedHash, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
