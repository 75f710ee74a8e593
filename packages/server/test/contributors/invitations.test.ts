import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributorInvitations, emailOutbox, siteUsers } from '../../src/db/schema/index';
import { DEMO_CUSTOMER } from '../../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { type Backend, backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { contributorSession } from './contributor-helpers';

const PASSWORD = 'a long enough password';

describe.each(backends)('inviting contributors on %s', (backend: Backend) => {
  let site: TestSite;
  let owner: string;
  const as = (cookie: string) => ({ cookies: { siteUserSession: cookie } });
  const invite = (cookie: string, email: string, roleCode: number) =>
    site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations',
      payload: { email, roleCode },
      ...as(cookie),
    });
  const accept = (token: string, email: string, password = PASSWORD) =>
    site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations/accept',
      payload: { token, email, password },
    });
  /** The link of the newest invitation mail to `email`, and the mail itself. */
  async function mailTo(email: string) {
    const { db } = await testDatabase(backend);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.toAddress, email)))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = /\/config\/accept-invitation\?token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
    return { mail, token };
  }

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site, 'owner');
  });
  afterAll(() => site.app.close());

  it('queues an invitation mail with a single-use link, and stores only the hash of its token', async () => {
    const res = await invite(owner, 'Ed@Example.com', 4);
    expect(res.statusCode).toBe(201);
    expect(res.json().invitation).toMatchObject({ email: 'ed@example.com', roleCode: 4, roleName: 'Editor' });
    const { mail, token } = await mailTo('ed@example.com');
    expect(mail).toMatchObject({ kind: 'contributor-invitation', status: 'PENDING' });
    expect(mail?.textBody).toContain('as Editor');
    expect(token.length).toBeGreaterThan(30);
    const { db } = await testDatabase(backend);
    const rows = await db
      .select()
      .from(contributorInvitations)
      .where(eq(contributorInvitations.websiteId, site.websiteId));
    expect(JSON.stringify(rows)).not.toContain(token);
    const expiresIn = (rows[0]?.expiresAt.getTime() ?? 0) - Date.now();
    expect(expiresIn).toBeGreaterThan(6.9 * 24 * 3600e3);
    expect(expiresIn).toBeLessThanOrEqual(7 * 24 * 3600e3);
  });

  it('accepting signs the new editor in; the link then stops working', async () => {
    const { token } = await mailTo('ed@example.com');
    const res = await accept(token, 'Ed@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ed@example.com', roleName: 'Editor' });
    const cookie = res.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
    // The runtime reads the role from SiteUserInfo (spec §6: the site's own people are not counted).
    const info = res.cookies.find((c) => c.name === 'SiteUserInfo')?.value ?? '';
    expect(JSON.parse(decodeURIComponent(info))).toMatchObject({ role: 'CONTRIBUTOR', contributorRole: 4 });
    const me = await site.request({ method: 'GET', url: '/api/studio/permissions', ...as(cookie) });
    expect(me.json()).toMatchObject({ role: 'CONTRIBUTOR', roleCode: 4, roleName: 'Editor' });
    expect(me.json().grants).toMatchObject({ pages: 'write' });
    expect(me.json().grants.orders).toBeUndefined();
    expect((await site.request({ method: 'GET', url: '/api/studio/pages', ...as(cookie) })).statusCode).toBe(
      200,
    );
    const orders = await site.request({ method: 'GET', url: '/api/commerce/orders', ...as(cookie) });
    expect(orders.statusCode).toBe(403);
    expect(orders.json().error.message).toBe('Your role (Editor) cannot see orders.');
    // Single use: the same link again is refused, and it signs in with the chosen password.
    expect((await accept(token, 'ed@example.com')).statusCode).toBe(404);
    const signIn = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email: 'ed@example.com', password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(200);
    const signedIn = signIn.cookies.find((c) => c.name === 'SiteUserInfo')?.value ?? '';
    expect(JSON.parse(decodeURIComponent(signedIn))).toMatchObject({
      role: 'CONTRIBUTOR',
      contributorRole: 4,
    });
  });

  it('refuses a wrong token, an expired one and a revoked one with the same 404', async () => {
    expect((await accept('not-a-token', 'late@example.com')).statusCode).toBe(404);
    await invite(owner, 'late@example.com', 10);
    const late = await mailTo('late@example.com');
    const { db } = await testDatabase(backend);
    await db
      .update(contributorInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(contributorInvitations.email, 'late@example.com'));
    const expired = await accept(late.token, 'late@example.com');
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toMatch(/not valid any more/);

    const created = await invite(owner, 'gone@example.com', 10);
    const gone = await mailTo('gone@example.com');
    const list = await site.request({
      method: 'GET',
      url: '/api/studio/contributors/invitations',
      ...as(owner),
    });
    expect(list.json().invitations.map((i: { email: string }) => i.email)).toContain('gone@example.com');
    const revoke = await site.request({
      method: 'DELETE',
      url: `/api/studio/contributors/invitations/${created.json().invitation.id}`,
      ...as(owner),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await accept(gone.token, 'gone@example.com')).statusCode).toBe(404);
    const after = await site.request({
      method: 'GET',
      url: '/api/studio/contributors/invitations',
      ...as(owner),
    });
    expect(after.json().invitations.map((i: { email: string }) => i.email)).not.toContain('gone@example.com');
  });

  it('refuses a short password, an unknown role and a bad address with 400', async () => {
    expect((await accept('x', 'x@example.com', 'short')).statusCode).toBe(400);
    expect((await invite(owner, 'x@example.com', 5)).statusCode).toBe(400);
    expect((await invite(owner, 'not an address', 4)).statusCode).toBe(400);
  });

  it("upgrades an existing customer account with its password (same id, the customer's orders stay theirs)", async () => {
    const { db } = await testDatabase(backend);
    const email = DEMO_CUSTOMER.email.toLowerCase();
    const [before] = await db
      .select({ id: siteUsers.id })
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, email)));
    await invite(owner, email, 8);
    const res = await site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations/accept',
      payload: { token: (await mailTo(email)).token, email, currentPassword: DEMO_CUSTOMER.password },
    });
    expect(res.statusCode).toBe(200);
    const [after] = await db
      .select({ id: siteUsers.id, role: siteUsers.role, code: siteUsers.contributorRole })
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, email)));
    expect(after).toEqual({ id: before?.id, role: 'CONTRIBUTOR', code: 8 });
  });

  it("refuses to invite the owner's address or a contributor again (409)", async () => {
    expect((await invite(owner, 'ed@example.com', 10)).statusCode).toBe(409);
    const { db } = await testDatabase(backend);
    const [o] = await db
      .select({ email: siteUsers.email })
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.role, 'OWNER')));
    expect((await invite(owner, o?.email ?? '', 10)).statusCode).toBe(409);
  });

  it('changes a role, then removes the contributor (signed out, back to a customer account)', async () => {
    const list = await site.request({ method: 'GET', url: '/api/studio/contributors', ...as(owner) });
    const ed = list.json().contributors.find((c: { email: string }) => c.email === 'ed@example.com');
    expect(ed).toMatchObject({ roleCode: 4, roleName: 'Editor' });
    expect(list.json().roles).toContainEqual({ code: 15, name: 'Website manager', grantable: true });
    const signIn = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email: 'ed@example.com', password: PASSWORD },
    });
    const edCookie = signIn.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
    const changed = await site.request({
      method: 'PUT',
      url: `/api/studio/contributors/${ed.id}`,
      payload: { roleCode: 8 },
      ...as(owner),
    });
    expect(changed.json().contributor).toMatchObject({ roleCode: 8, roleName: 'Store manager' });
    // The new role applies to the open session at once.
    expect(
      (await site.request({ method: 'GET', url: '/api/commerce/orders', ...as(edCookie) })).statusCode,
    ).toBe(200);
    const removed = await site.request({
      method: 'DELETE',
      url: `/api/studio/contributors/${ed.id}`,
      ...as(owner),
    });
    expect(removed.statusCode).toBe(200);
    expect(
      (await site.request({ method: 'GET', url: '/api/studio/pages', ...as(edCookie) })).statusCode,
    ).toBe(401);
    const { db } = await testDatabase(backend);
    const [row] = await db.select({ role: siteUsers.role }).from(siteUsers).where(eq(siteUsers.id, ed.id));
    expect(row?.role).toBe('SITE_USER');
    expect(
      (await site.request({ method: 'DELETE', url: `/api/studio/contributors/${ed.id}`, ...as(owner) }))
        .statusCode,
    ).toBe(404);
  });

  it('people management is for the owner and admins only; nobody changes their own role', async () => {
    const manager = await contributorSession(backend, site, 15);
    const refused = await invite(manager.cookie, 'x1@example.com', 4);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your role (Website manager) cannot change people.');
    // A new customer (the demo one became a contributor above).
    const signUp = await site.request({
      method: 'POST',
      url: '/api/site-users/account',
      payload: { email: 'shopper@example.com', password: PASSWORD, rememberMe: false },
    });
    const customer = signUp.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
    expect((await invite(customer, 'x2@example.com', 4)).statusCode).toBe(403);
    expect((await invite('', 'x3@example.com', 4)).statusCode).toBe(401);
    const admin = await contributorSession(backend, site, 1);
    expect((await invite(admin.cookie, 'x4@example.com', 4)).statusCode).toBe(201);
    const self = await site.request({
      method: 'PUT',
      url: `/api/studio/contributors/${admin.id}`,
      payload: { roleCode: 10 },
      ...as(admin.cookie),
    });
    expect(self.statusCode).toBe(409);
    const other = await site.request({
      method: 'PUT',
      url: `/api/studio/contributors/${manager.id}`,
      payload: { roleCode: 10 },
      ...as(admin.cookie),
    });
    expect(other.json().contributor.roleName).toBe('Viewer');
  });
});
