import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/client';
import { serverSecret } from '../server-secret';

/**
 * A campaign mail's tracking links, signed with a server secret (HMAC-SHA256): the open pixel
 * names the recipient; a click names the recipient and the block whose address it leads to, so
 * the redirect only ever goes to an address that was in the campaign (never one from the URL).
 */
const secrets = new WeakMap<object, Promise<Buffer>>();
function linkSecret(db: Database): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = serverSecret(db, 'campaign-links');
    secrets.set(db, secret);
    secret.catch(() => secrets.delete(db));
  }
  return secret;
}

export type LinkSigner = (payload: string) => string;

export async function linkSigner(db: Database): Promise<LinkSigner> {
  const secret = await linkSecret(db);
  return (payload) => createHmac('sha256', secret).update(payload).digest('base64url').slice(0, 32);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const openToken = (sign: LinkSigner, recipientId: string) =>
  `${recipientId}.${sign(`open.${recipientId}`)}`;
export const clickToken = (sign: LinkSigner, recipientId: string, block: number) =>
  `${recipientId}.${block}.${sign(`click.${recipientId}.${block}`)}`;

const ID = '[A-Za-z0-9-]{1,64}';
const SIG = '[A-Za-z0-9_-]{32}';

export async function checkOpenToken(db: Database, token: string): Promise<string | null> {
  const match = new RegExp(`^(${ID})\\.(${SIG})$`).exec(token);
  if (!match) return null;
  const [, id = '', sig = ''] = match;
  return same((await linkSigner(db))(`open.${id}`), sig) ? id : null;
}

export async function checkClickToken(
  db: Database,
  token: string,
): Promise<{ recipientId: string; block: number } | null> {
  const match = new RegExp(`^(${ID})\\.(\\d{1,3})\\.(${SIG})$`).exec(token);
  if (!match) return null;
  const [, id = '', block = '', sig = ''] = match;
  if (!same((await linkSigner(db))(`click.${id}.${block}`), sig)) return null;
  return { recipientId: id, block: Number(block) };
}
