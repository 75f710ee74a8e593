import { API_MESSAGES } from '@store/api';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contributorInvitations, emailOutbox, siteUsers } from '../../src/db/schema/index';
import { ROLE_GRANTS } from '../../src/plugins/permissions';
import { DEMO_CUSTOMER } from '../../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { type Backend, backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { contributorSession } from './contributor-helpers';

const PASSWORD = 'a long enough password';
const INVALID = 'This invitation link is not valid any more. Ask for a new invitation.';
const EDITOR = 4;
const ADMIN = 1;

/**
 * An invitation is for the address it was sent to: accepting needs that address and, for an
 * address that already has an account, that account's password; an address has one live link
 * however many invitations are sent at once; and nobody gives a role above their own.
 */
describe.each(backends)('invitations are safe to send on %s', (backend: Backend) => {
  let site: TestSite;
  let owner: string;
  let ip = 0;
  const as = (cookie: string) => ({ cookies: { siteUserSession: cookie } });
  const invite = (cookie: string, email: string, roleCode: number) =>
    site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations',
      payload: { email, roleCode },
      ...as(cookie),
    });
  const accept = (payload: Record<string, string>) =>
    site.request({
      method: 'POST',
      url: '/api/studio/contributors/invitations/accept',
      payload,
      // Each attempt from an address of its own: accepting is limited per address.
      headers: { 'x-forwarded-for': `203.0.113.${++ip}` },
    });
  const signIn = (email: string, password: string) =>
    site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email, password },
      headers: { 'x-forwarded-for': `198.51.100.${++ip}` },
    });
  /** The tokens of every invitation mail queued to `email`. */
  async function tokensTo(email: string): Promise<string[]> {
    const rows = await site.app.database.db
      .select({ text: emailOutbox.textBody })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.toAddress, email)));
    return rows.map((r) => /accept-invitation\?token=([\w-]+)/.exec(r.text)?.[1] ?? '').filter(Boolean);
  }

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site, 'owner');
  });
  afterAll(() => site.app.close());

  it('the link with another address is refused like an invalid link, and stays usable for the invited one', async () => {
    await invite(owner, 'invited@example.com', ADMIN);
    const [token = ''] = await tokensTo('invited@example.com');
    const thief = await accept({ token, email: 'viewer@example.com', password: PASSWORD });
    expect(thief.statusCode).toBe(404);
    expect(thief.json().error.message).toBe(INVALID);
    const wrongToken = await accept({
      token: 'not-a-token',
      email: 'invited@example.com',
      password: PASSWORD,
    });
    expect(thief.body).toBe(wrongToken.body);
    const [account] = await site.app.database.db
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, 'viewer@example.com')));
    expect(account).toBeUndefined();
    const invited = await accept({ token, email: ' Invited@Example.com ', password: PASSWORD });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ email: 'invited@example.com', roleName: 'Admin' });
  });

  it("the link alone does not take over a customer's account: its password is needed and kept", async () => {
    const email = DEMO_CUSTOMER.email.toLowerCase();
    await invite(owner, email, EDITOR);
    const [token = ''] = await tokensTo(email);
    const overwrite = await accept({ token, email, password: 'the attacker chose this' });
    expect(overwrite.statusCode).toBe(409);
    expect(overwrite.json().error.message).toBe(API_MESSAGES.invitationAccountExists);
    const guess = await accept({ token, email, currentPassword: 'a wrong guess here' });
    expect(guess.statusCode).toBe(401);
    expect(guess.json().error.message).toBe(API_MESSAGES.invitationWrongPassword);
    // Nothing changed: the customer's own password still works, the attacker's does not.
    expect((await signIn(email, 'the attacker chose this')).statusCode).toBe(401);
    const [still] = await site.app.database.db
      .select({ role: siteUsers.role })
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, email)));
    expect(still?.role).toBe('SITE_USER');
    // The holder of the account accepts with its password, which stays its password.
    const proven = await accept({ token, email, currentPassword: DEMO_CUSTOMER.password });
    expect(proven.statusCode).toBe(200);
    expect(proven.json()).toMatchObject({ email, roleName: 'Editor' });
    expect((await signIn(email, DEMO_CUSTOMER.password)).statusCode).toBe(200);
  });

  it('10 invitations to one address at once leave exactly one live link', async () => {
    const email = 'crowded@example.com';
    const sent = await Promise.all(Array.from({ length: 10 }, () => invite(owner, email, EDITOR)));
    for (const res of sent) expect([201, 409]).toContain(res.statusCode);
    expect(sent.some((res) => res.statusCode === 201)).toBe(true);
    const pending = await site.app.database.db
      .select()
      .from(contributorInvitations)
      .where(
        and(
          eq(contributorInvitations.websiteId, site.websiteId),
          eq(contributorInvitations.email, email),
          isNull(contributorInvitations.acceptedAt),
        ),
      );
    expect(pending).toHaveLength(1);
    const list = await site.request({
      method: 'GET',
      url: '/api/studio/contributors/invitations',
      ...as(owner),
    });
    expect(list.json().invitations.filter((i: { email: string }) => i.email === email)).toHaveLength(1);
    const tokens = await tokensTo(email);
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    const codes: number[] = [];
    for (const token of tokens) codes.push((await accept({ token, email, password: PASSWORD })).statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 404)).toBe(true);
  });

  it('nobody gives a role above their own, by invitation or by a role change', async () => {
    // A role that manages people without holding everything: an Editor who may invite.
    const editorGrants = ROLE_GRANTS[EDITOR];
    ROLE_GRANTS[EDITOR] = { ...editorGrants, people: 'write' };
    try {
      const lead = await contributorSession(backend, site, EDITOR);
      const admin = await invite(lead.cookie, 'made-admin@example.com', ADMIN);
      expect(admin.statusCode).toBe(403);
      expect(admin.json().error.message).toBe('Your role (Editor) cannot give the role Admin.');
      expect((await tokensTo('made-admin@example.com')).length).toBe(0);
      expect((await invite(lead.cookie, 'shop@example.com', 8)).statusCode).toBe(403);
      expect((await invite(lead.cookie, 'drafts@example.com', 16)).statusCode).toBe(201);
      expect((await invite(lead.cookie, 'peer@example.com', EDITOR)).statusCode).toBe(201);

      const roles = (
        await site.request({ method: 'GET', url: '/api/studio/contributors', ...as(lead.cookie) })
      )
        .json()
        .roles.filter((r: { grantable: boolean }) => r.grantable)
        .map((r: { code: number }) => r.code);
      expect(roles).toContain(16);
      expect(roles).not.toContain(ADMIN);

      const drafter = await contributorSession(backend, site, 16);
      const change = (id: string, roleCode: number) =>
        site.request({
          method: 'PUT',
          url: `/api/studio/contributors/${id}`,
          payload: { roleCode },
          ...as(lead.cookie),
        });
      const raised = await change(drafter.id, ADMIN);
      expect(raised.statusCode).toBe(403);
      expect(raised.json().error.message).toBe('Your role (Editor) cannot give the role Admin.');
      expect((await change(drafter.id, EDITOR)).statusCode).toBe(200);
      // Nor may they change or remove someone above them.
      const boss = await contributorSession(backend, site, ADMIN);
      expect((await change(boss.id, 16)).statusCode).toBe(403);
      const removed = await site.request({
        method: 'DELETE',
        url: `/api/studio/contributors/${boss.id}`,
        ...as(lead.cookie),
      });
      expect(removed.statusCode).toBe(403);
      const [row] = await site.app.database.db
        .select({ code: siteUsers.contributorRole })
        .from(siteUsers)
        .where(eq(siteUsers.id, boss.id));
      expect(row?.code).toBe(ADMIN);
    } finally {
      ROLE_GRANTS[EDITOR] = editorGrants;
    }
  });
});
