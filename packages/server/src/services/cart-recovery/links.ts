import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import type { Db } from '../cart/cart-store';
import { serverSecret } from '../server-secret';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';

/**
 * The reminder mail's two links, signed with a server secret (HMAC-SHA256): "restore" names a
 * cart and the time the link stops working; "unsubscribe" names the cart whose e-mail asks for
 * no more reminders (it never expires). Neither carries the e-mail or anything else readable.
 */

/** How long a reminder's restore link works. */
export const RESTORE_LINK_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;

const secrets = new WeakMap<object, Promise<Buffer>>();
function linkSecret(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = serverSecret(db as Database, 'cart-recovery-links');
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

const sign = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function restoreToken(db: Db, cartId: string, now: Date): Promise<string> {
  const expires = Math.floor((now.getTime() + RESTORE_LINK_DAYS * DAY_MS) / 1000);
  return `${cartId}.${expires}.${sign(await linkSecret(db), `cart-restore.${cartId}.${expires}`)}`;
}

export type RestoreCheck =
  | { ok: true; cartId: string }
  | { ok: false; code: 'LINK_INVALID' | 'LINK_EXPIRED' };

/** The cart a restore token names, if its signature holds and it has not expired at `now`. */
export async function checkRestoreToken(db: Db, token: string, now = new Date()): Promise<RestoreCheck> {
  const match = /^([A-Za-z0-9-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, code: 'LINK_INVALID' };
  const [, cartId = '', expires = '', signature = ''] = match;
  if (!same(sign(await linkSecret(db), `cart-restore.${cartId}.${expires}`), signature))
    return { ok: false, code: 'LINK_INVALID' };
  if (Number(expires) * 1000 <= now.getTime()) return { ok: false, code: 'LINK_EXPIRED' };
  return { ok: true, cartId };
}

export async function unsubscribeToken(db: Db, cartId: string): Promise<string> {
  return `${cartId}.${sign(await linkSecret(db), `cart-unsubscribe.${cartId}`)}`;
}

/** The cart an unsubscribe token names, or null (malformed or forged). */
export async function cartOfUnsubscribeToken(db: Db, token: string): Promise<string | null> {
  const match = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, cartId = '', signature = ''] = match;
  return same(sign(await linkSecret(db), `cart-unsubscribe.${cartId}`), signature) ? cartId : null;
}

type LinkSite = Pick<SiteRecord, 'baseUrl' | 'hosts'>;
export const restoreUrl = (site: LinkSite, token: string) =>
  `${siteBaseUrl(site)}/commerce/cart-recovery/restore/${token}`;
export const unsubscribeUrl = (site: LinkSite, token: string) =>
  `${siteBaseUrl(site)}/commerce/cart-recovery/unsubscribe/${token}`;
