import { siteUsers } from '../../src/db/schema/index';
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
