import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { emailOutbox, siteUsers } from '../../src/db/schema/index';
import { hashPassword } from '../../src/services/site-users/password';
import type { TestSite } from '../helpers/test-app';
import { type Backend, testDatabase } from '../helpers/test-db';

/** A clock the tests move instead of waiting; starts at the real time. */
export function movableClock() {
  let at = Date.now();
  return {
    now: () => new Date(at),
    ms: () => at,
    advance(ms: number) {
      at += ms;
    },
  };
}

export type AccountKind = 'customer' | 'owner' | 'contributor';

/** A fresh account of `kind` on the site, with a password the test knows. */
export async function addAccount(backend: Backend, site: TestSite, kind: AccountKind, roleCode = 4) {
  const { db } = await testDatabase(backend);
  const email = `${kind}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `old password ${randomBytes(4).toString('hex')}`;
  const role = kind === 'customer' ? 'SITE_USER' : kind === 'owner' ? 'OWNER' : 'CONTRIBUTOR';
  const [row] = await db
    .insert(siteUsers)
    .values({
      websiteId: site.websiteId,
      email,
      passwordHash: await hashPassword(password),
      role,
      contributorRole: kind === 'contributor' ? roleCode : null,
    })
    .returning({ id: siteUsers.id });
  if (!row) throw new Error('no account row');
  return { id: row.id, email, password };
}

let addressCounter = 0;
/** A client address no other request of the run used (limits count per address). */
export const freshAddress = () => `10.77.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

export function signIn(site: TestSite, email: string, password: string, ip = freshAddress()) {
  return site.request({
    method: 'POST',
    url: '/api/site-users/account/session',
    payload: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
}

export const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'siteUserSession' && c.value)?.value;

/** Ask for a reset link and wait until its mail (if any) is written. */
export async function askReset(site: TestSite, email: string, ip = freshAddress()) {
  const res = await site.request({
    method: 'POST',
    url: '/api/site-users/account/password-reset',
    payload: { email },
    headers: { 'x-forwarded-for': ip },
  });
  await site.app.passwordResetMail.settled();
  return res;
}

export async function resetMails(backend: Backend, websiteId: string, email: string) {
  const { db } = await testDatabase(backend);
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.websiteId, websiteId), eq(emailOutbox.toAddress, email)))
    .orderBy(asc(emailOutbox.createdAt));
}

const TOKEN = /(?:#|#reset-password\/)([0-9a-f]{8}-[0-9a-f-]{27}\.[A-Za-z0-9_-]{43})/;

/** The link and its token in a reset mail's text. */
export function linkIn(text: string): { link: string; token: string } {
  const line = text.split('\n').find((l) => TOKEN.test(l));
  const token = line ? TOKEN.exec(line)?.[1] : undefined;
  if (!line || !token) throw new Error(`no reset link in: ${text}`);
  return { link: line.trim(), token };
}

export function completeReset(site: TestSite, token: string, password: string, host?: string) {
  return site.request({
    method: 'POST',
    url: '/api/site-users/account/password-reset/complete',
    payload: { token, password },
    headers: { 'x-forwarded-for': freshAddress(), ...(host ? { host } : {}) },
  });
}
