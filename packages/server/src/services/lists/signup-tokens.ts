import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { serverSecret } from '../server-secret';

/**
 * The list a newsletter block's sign-up joins, as the published page carries it: the list id
 * and an HMAC-SHA256 of the site and the list under a server secret. Pages are cached and
 * shared by every visitor, so the sign-up names its list only through this token: a visitor
 * who edits the request cannot join another list, and a token of one site fails on another.
 */
const secrets = new WeakMap<object, Promise<Buffer>>();
function tokenSecret(db: Database): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = serverSecret(db, 'newsletter-signup');
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

const sign = (secret: Buffer, websiteId: string, listId: string) =>
  createHmac('sha256', secret).update(`newsletter-signup.${websiteId}.${listId}`).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A list id, a dot, and the signature. */
const SIGNUP_TOKEN_PATTERN = /^[A-Za-z0-9-]{1,64}\.[A-Za-z0-9_-]{43}$/;

export async function signupToken(db: Database, websiteId: string, listId: string): Promise<string> {
  return `${listId}.${sign(await tokenSecret(db), websiteId, listId)}`;
}

/** The list a sign-up token names for this site, or null (malformed, forged, or another site's). */
export async function listOfSignupToken(db: Database, websiteId: string, token: string) {
  if (!SIGNUP_TOKEN_PATTERN.test(token)) return null;
  const dot = token.indexOf('.');
  const listId = token.slice(0, dot);
  const signature = token.slice(dot + 1);
  return same(sign(await tokenSecret(db), websiteId, listId), signature) ? listId : null;
}
