import { createHash, timingSafeEqual } from 'node:crypto';

/** Cookie holding the pages this visitor unlocked: `id.token` pairs, comma-separated. */
export const UNLOCK_COOKIE = 'ss_unlocked';

/**
 * A token proving the visitor knew a page's password. Derived from the page id and its
 * current password, so it cannot be forged without the password and stops working when
 * the owner changes the password.
 */
export function unlockToken(collectionId: string, password: string): string {
  return createHash('sha256').update(`${collectionId}\u0000${password}`).digest('base64url').slice(0, 32);
}

export function samePassword(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Page ids the cookie claims are unlocked, with their tokens. */
export function parseUnlockCookie(value: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const pair of (value ?? '').split(',').slice(0, 20)) {
    const [id, token] = pair.split('.');
    if (id && token) map.set(id, token);
  }
  return map;
}

export function addToUnlockCookie(value: string | undefined, collectionId: string, token: string): string {
  const map = parseUnlockCookie(value);
  map.set(collectionId, token);
  return [...map].map(([id, t]) => `${id}.${t}`).join(',');
}
