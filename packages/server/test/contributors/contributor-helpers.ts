import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { emailOutbox, siteUsers } from '../../src/db/schema/index';
import { decideRoute, deniedMessage } from '../../src/plugins/permissions';
import { createSession } from '../../src/services/site-users/sessions';
import type { TestSite } from '../helpers/test-app';
import { type Backend, testDatabase } from '../helpers/test-db';

/**
 * A contributor account with `roleCode` on the test site and a session cookie for it
 * (the password is never used: the session is opened directly, which keeps 15 roles cheap).
 */
export async function contributorSession(
  backend: Backend,
  site: TestSite,
  roleCode: number,
): Promise<{ id: string; cookie: string }> {
  const { db } = await testDatabase(backend);
  const [row] = await db
    .insert(siteUsers)
    .values({
      websiteId: site.websiteId,
      email: `role-${roleCode}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      passwordHash: 'unused',
      role: 'CONTRIBUTOR',
      contributorRole: roleCode,
    })
    .returning({ id: siteUsers.id });
  if (!row) throw new Error('no contributor row');
  const session = await createSession(db, { id: row.id, websiteId: site.websiteId }, false);
  return { id: row.id, cookie: session.token };
}

/** A request to a route pattern with every `:param` filled in with a value nothing has. */
export function probe(site: TestSite, method: string, url: string, cookie?: string) {
  return site.request({
    method: method as 'GET',
    url: url.replace(/:[A-Za-z]+/g, 'zz-none'),
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    cookies: cookie ? { siteUserSession: cookie } : {},
  });
}

/** Routes that sign the prober in or out: open to anyone, and they would end its session. */
const SESSION_ROUTES = new Set([
  'POST /api/site-users/account/session',
  'DELETE /api/site-users/account/session',
  'POST /api/site-users/account',
  'POST /api/studio/contributors/invitations/accept',
]);

export const refused = (res: LightMyRequestResponse) =>
  res.statusCode === 403 && res.json().error?.code === 'FORBIDDEN';

/** Every registered /api route a customer is refused with FORBIDDEN: the owner routes. */
export async function findOwnerRoutes(site: TestSite, customerCookie: string): Promise<string[]> {
  const found: string[] = [];
  for (const { method, url } of site.app.routeTable) {
    if (!url.startsWith('/api/') || SESSION_ROUTES.has(`${method} ${url}`)) continue;
    if (refused(await probe(site, method, url, customerCookie))) found.push(`${method} ${url}`);
  }
  return found;
}

/**
 * Each owner route where the answer to a contributor of role `code` disagrees with the
 * permission table: refused where the table allows, let through where it refuses, refused
 * with another message than the table's, or any 5xx.
 */
export async function tableMismatches(
  site: TestSite,
  code: number,
  cookie: string,
  ownerRoutes: string[],
): Promise<string[]> {
  const wrong: string[] = [];
  for (const key of ownerRoutes) {
    const [method = '', url = ''] = key.split(' ');
    const res = await probe(site, method, url, cookie);
    const decision = decideRoute(code, method, url);
    if (res.statusCode >= 500 || refused(res) === decision.ok) wrong.push(`${key} → ${res.statusCode}`);
    else if (!decision.ok && res.json().error.message !== deniedMessage(code, decision))
      wrong.push(`${key} → "${res.json().error.message}"`);
  }
  return wrong;
}

/**
 * The invitation link of the newest mail queued to `email`, read from the outbox row as the
 * mailbox receives it (not through the studio's outbox view).
 */
export async function invitationLinkIn(backend: Backend, site: TestSite, email: string): Promise<URL> {
  const { db } = await testDatabase(backend);
  const [mail] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.toAddress, email)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const link = /https?:\/\/\S+\/config\/accept-invitation\?\S+/.exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no invitation link in the mail to ${email}`);
  return new URL(link);
}
