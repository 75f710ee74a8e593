import { ACCOUNT_SECURITY_MESSAGES, API_MESSAGES } from '@store/api';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, websites } from '../../src/db/schema/index';
import { seedDemoSite } from '../../src/seed/seed-demo-site';
import { siteBaseUrl } from '../../src/services/site-base-url';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase, uniqueHost } from '../helpers/test-db';
import {
  type AccountKind,
  addAccount,
  askReset,
  completeReset,
  freshAddress,
  linkIn,
  movableClock,
  resetMails,
  sessionCookie,
  signIn,
} from './security-helpers';

const HOUR = 3600_000;
const pages: Record<AccountKind, string> = {
  customer: '/account#reset-password/',
  owner: '/config/reset-password#',
  contributor: '/config/reset-password#',
};
const whoAmI: Record<AccountKind, string> = {
  customer: '/api/site-users/account',
  owner: '/api/studio/session',
  contributor: '/api/studio/session',
};

describe.each(backends)('password reset on %s', (backend) => {
  let site: TestSite;
  const clock = movableClock();

  beforeAll(async () => {
    site = await createTestSite(backend, { appOptions: { accountClock: clock.now } });
  });
  afterAll(() => site.app.close());

  const check = (token: string) =>
    site.request({ method: 'POST', url: '/api/site-users/account/password-reset/check', payload: { token } });
  const get = (url: string, cookie?: string) =>
    site.request({ method: 'GET', url, cookies: cookie ? { siteUserSession: cookie } : {} });

  it.each(['customer', 'owner', 'contributor'] as const)(
    '%s: one mail with a single-use link on the site address; the new password ends every session',
    async (kind) => {
      const account = await addAccount(backend, site, kind);
      const [first, second] = [
        sessionCookie(await signIn(site, account.email, account.password)),
        sessionCookie(await signIn(site, account.email, account.password)),
      ];
      expect((await get(whoAmI[kind], first)).statusCode).toBe(200);

      const asked = await askReset(site, account.email.toUpperCase());
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ ok: true });
      const mails = await resetMails(backend, site.websiteId, account.email);
      expect(mails.map((m) => m.kind)).toEqual(['password-reset']);
      const { link, token } = linkIn(mails[0]?.textBody ?? '');
      const { db } = await testDatabase(backend);
      const [siteRow] = await db.select().from(websites).where(eq(websites.id, site.websiteId));
      expect(link).toBe(`${siteBaseUrl(siteRow as NonNullable<typeof siteRow>)}${pages[kind]}${token}`);
      // Only the secret's hash is kept.
      const secret = token.split('.')[1] ?? '';
      const rows = await db.select().from(passwordResets).where(eq(passwordResets.websiteId, site.websiteId));
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(rows.some((r) => r.secretHash.length === 64)).toBe(true);

      expect((await check(token)).json()).toEqual({ email: account.email });
      const done = await completeReset(site, token, 'a brand new passphrase');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ signedIn: true, xsrfToken: expect.any(String) });
      const fresh = sessionCookie(done);
      expect((await get(whoAmI[kind], fresh)).statusCode).toBe(200);
      for (const old of [first, second]) expect((await get(whoAmI[kind], old)).statusCode).toBe(401);

      const again = await completeReset(site, token, 'another new passphrase');
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({
        reason: 'RESET_LINK_INVALID',
        error: { code: 'NOT_FOUND', message: ACCOUNT_SECURITY_MESSAGES.resetLinkInvalid },
      });
      expect((await signIn(site, account.email, account.password)).statusCode).toBe(401);
      expect((await signIn(site, account.email, 'a brand new passphrase')).statusCode).toBe(200);
    },
  );

  it('a link works for one hour: at 59 minutes yes, at 61 no, and the password stays', async () => {
    const account = await addAccount(backend, site, 'customer');
    await askReset(site, account.email);
    const { token } = linkIn((await resetMails(backend, site.websiteId, account.email))[0]?.textBody ?? '');
    clock.advance(59 * 60_000);
    expect((await check(token)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expect((await check(token)).json()).toMatchObject({ reason: 'RESET_LINK_INVALID' });
    expect((await completeReset(site, token, 'too late passphrase')).statusCode).toBe(404);
    expect((await signIn(site, account.email, account.password)).statusCode).toBe(200);
    clock.advance(-HOUR);
  });

  it('asking again replaces the link: only the newest works', async () => {
    const account = await addAccount(backend, site, 'owner');
    await askReset(site, account.email);
    await askReset(site, account.email);
    const [older, newer] = (await resetMails(backend, site.websiteId, account.email)).map(
      (m) => linkIn(m.textBody).token,
    );
    expect((await check(older ?? '')).statusCode).toBe(404);
    expect((await check(newer ?? '')).statusCode).toBe(200);
  });

  it('an address without an account gets the same answer and no mail', async () => {
    const known = await addAccount(backend, site, 'customer');
    const unknown = `nobody-${known.id.slice(0, 8)}@example.com`;
    const [a, b] = [await askReset(site, known.email), await askReset(site, unknown)];
    expect([b.statusCode, b.body]).toEqual([a.statusCode, a.body]);
    const headers = (r: typeof a) => Object.keys(r.headers).sort();
    expect(headers(b)).toEqual(headers(a));
    expect(await resetMails(backend, site.websiteId, unknown)).toEqual([]);
    expect(await resetMails(backend, site.websiteId, known.email)).toHaveLength(1);
  });

  it('answers before the address is even looked up: the answer cannot depend on the account', async () => {
    const known = await addAccount(backend, site, 'customer');
    const unknown = `ghost-${known.id.slice(0, 8)}@example.com`;
    const { db } = await testDatabase(backend);
    const ask = (email: string) =>
      site.request({
        method: 'POST',
        url: '/api/site-users/account/password-reset',
        payload: { email },
        headers: { 'x-forwarded-for': freshAddress() },
      });
    // A first request keeps this host's site lookup cached (no query on the requests below).
    await ask(`warm-${known.id.slice(0, 8)}@example.com`);
    await site.app.passwordResetMail.settled();
    // Hold the table the mail's link is written to (on PGlite: the only connection), so the
    // work behind the answers cannot finish until the answers are in.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let held = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const lock = db.transaction(async (tx) => {
      await tx.execute(sql`lock table password_resets in exclusive mode`);
      held();
      await gate;
    });
    await holding;
    const guard = setTimeout(open, 10_000);
    const started = performance.now();
    const answers = [await ask(known.email), await ask(unknown)];
    const took = performance.now() - started;
    open();
    clearTimeout(guard);
    await lock;
    // Both answered while nothing could be written, long before the guard would have let go.
    expect(took).toBeLessThan(5_000);
    expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
      [202, '{"ok":true}'],
      [202, '{"ok":true}'],
    ]);
    await site.app.passwordResetMail.settled();
    expect(await resetMails(backend, site.websiteId, known.email)).toHaveLength(1);
    expect(await resetMails(backend, site.websiteId, unknown)).toEqual([]);
  });

  it('limits requests per e-mail address, for unknown addresses alike, with the catalogue message', async () => {
    const account = await addAccount(backend, site, 'customer');
    for (const email of [account.email, `ghost-${account.id.slice(0, 8)}@example.com`]) {
      for (let i = 0; i < 3; i++) expect((await askReset(site, email)).statusCode).toBe(202);
      const refused = await askReset(site, email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        reason: 'RESET_RATE_LIMITED',
        error: { code: 'RATE_LIMITED', message: ACCOUNT_SECURITY_MESSAGES.resetRateLimited },
      });
    }
    expect(await resetMails(backend, site.websiteId, account.email)).toHaveLength(3);
  });

  it('limits requests per client address', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 10; i++)
      expect((await askReset(site, `many-${i}@example.com`, ip)).statusCode).toBe(202);
    const refused = await askReset(site, 'one-more@example.com', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(ACCOUNT_SECURITY_MESSAGES.resetRateLimited);
    expect((await askReset(site, 'one-more@example.com')).statusCode).toBe(202);
  });

  it("another site's link is not found here, and still works on its own site", async () => {
    const { db } = await testDatabase(backend);
    const hostB = uniqueHost();
    const siteB = await seedDemoSite(db, { identifier: hostB, hosts: [hostB], isDefault: false });
    const crumbB = site.app.crumbs.issue(siteB);
    const account = await addAccount(backend, site, 'customer');
    await askReset(site, account.email);
    const { token } = linkIn((await resetMails(backend, site.websiteId, account.email))[0]?.textBody ?? '');
    for (const url of ['/check', '/complete']) {
      const onB = await site.app.inject({
        method: 'POST',
        url: `/api/site-users/account/password-reset${url}`,
        payload: { token, password: 'site b passphrase' },
        headers: { host: hostB, cookie: `crumb=${crumbB}`, 'x-csrf-token': crumbB },
      });
      expect(onB.statusCode).toBe(404);
      expect(onB.json().reason).toBe('RESET_LINK_INVALID');
    }
    expect((await completeReset(site, token, 'site a passphrase')).statusCode).toBe(200);
  });

  it('refuses a short password with the sign-up rule and keeps the link', async () => {
    const account = await addAccount(backend, site, 'contributor');
    await askReset(site, account.email);
    const { token } = linkIn((await resetMails(backend, site.websiteId, account.email))[0]?.textBody ?? '');
    const short = await completeReset(site, token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(API_MESSAGES.accountPasswordShort);
    expect((await check(token)).statusCode).toBe(200);
  });

  it.each([
    ['junk', 'not-a-token'],
    ['a made-up token', `00000000-0000-4000-8000-000000000000.${'A'.repeat(43)}`],
  ])('answers %s as an invalid link', async (_what, token) => {
    expect((await check(token)).json()).toMatchObject({ reason: 'RESET_LINK_INVALID' });
  });

  it('shows nobody in the studio the link, the owner included', async () => {
    const account = await addAccount(backend, site, 'customer');
    await askReset(site, account.email);
    const { token } = linkIn((await resetMails(backend, site.websiteId, account.email))[0]?.textBody ?? '');
    const owner = await addAccount(backend, site, 'owner');
    const admin = await addAccount(backend, site, 'contributor', 1);
    for (const reader of [owner, admin]) {
      const cookie = sessionCookie(await signIn(site, reader.email, reader.password));
      const outbox = await get('/api/owner/outbox', cookie);
      expect(outbox.statusCode).toBe(200);
      const mail = outbox
        .json()
        .messages.find(
          (m: { to: string; kind: string }) => m.to === account.email && m.kind === 'password-reset',
        );
      expect(mail.text).toContain('[hidden]');
      expect(JSON.stringify(outbox.json())).not.toContain(token.split('.')[1]);
    }
  });
});
