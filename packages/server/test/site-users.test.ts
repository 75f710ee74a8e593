import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireOwner } from '../src/plugins/owner-auth';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

type Res = Awaited<ReturnType<TestSite['request']>>;
const cookieOf = (res: Res, name: string) => res.cookies.find((c) => c.name === name);

async function signIn(site: TestSite, creds: { email: string; password: string }, extra: object = {}) {
  return site.request({
    method: 'POST',
    url: '/api/site-users/account/session',
    payload: { ...creds, ...extra },
  });
}

describe.each(backends)('site users on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
    for (const s of [site, other]) {
      s.app.get('/api/test/owner-only', { preHandler: requireOwner }, async (request) => ({
        owner: request.siteUser?.email,
      }));
    }
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  it('signs in with email and password, answers xsrfToken and sets the cookies', async () => {
    const res = await signIn(
      site,
      { ...DEMO_CUSTOMER, email: DEMO_CUSTOMER.email.toUpperCase() },
      { rememberMe: true },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().xsrfToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const session = cookieOf(res, 'siteUserSession');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.maxAge).toBe(30 * 24 * 3600);
    const info = JSON.parse(decodeURIComponent(cookieOf(res, 'SiteUserInfo')?.value ?? ''));
    expect(info).toEqual({ authenticated: true, siteUserId: expect.any(String) });
    expect(cookieOf(res, 'SiteUserInfo')?.httpOnly).toBeFalsy();
  });

  it('marks cookies Secure behind HTTPS', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      headers: { 'x-forwarded-proto': 'https' },
      payload: DEMO_CUSTOMER,
    });
    expect(res.statusCode).toBe(200);
    expect(cookieOf(res, 'siteUserSession')?.secure).toBe(true);
  });

  it.each([
    ['wrong password', { email: DEMO_CUSTOMER.email, password: 'nope-nope' }],
    ['unknown email', { email: 'nobody@example.com', password: 'whatever1' }],
  ])('refuses a %s with 401', async (_, creds) => {
    const res = await signIn(other, creds);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Your email or password is incorrect.');
  });

  it.each([
    [{ email: 'a@b.co' }],
    [{ email: 5, password: 'x' }],
    [{ email: 'a@b.co', password: 'x'.repeat(2000) }],
    [{ email: 'a@b.co', password: 'x', rememberMe: 'yes' }],
  ])('refuses a malformed body %j with 400', async (payload) => {
    const res = await site.request({ method: 'POST', url: '/api/site-users/account/session', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('limits failed sign-ins per account from one address (then even the right password waits there)', async () => {
    const s = await createTestSite(backend);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await signIn(s, { email: DEMO_OWNER.email, password: `bad-${i}` })).statusCode);
      expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
      expect((await signIn(s, DEMO_OWNER)).statusCode).toBe(429);
      // Another account from the same address is not locked by this one.
      expect((await signIn(s, DEMO_CUSTOMER)).statusCode).toBe(200);
    } finally {
      await s.app.close();
    }
  });

  it('limits failed sign-ins per client address across accounts', async () => {
    const s = await createTestSite(backend);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await s.request({
          method: 'POST',
          url: '/api/site-users/account/session',
          headers: { 'x-forwarded-for': '10.7.7.7' },
          payload: { email: `nobody${i}@example.com`, password: 'wrong-pass' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
      expect(codes[20]).toBe(429);
    } finally {
      await s.app.close();
    }
  });

  it('requireOwner: 401 anonymous, 403 site user, 403 owner of another site, 200 owner', async () => {
    const anon = await site.request({ method: 'GET', url: '/api/test/owner-only' });
    expect(anon.statusCode).toBe(401);
    const customer = cookieOf(await signIn(site, DEMO_CUSTOMER), 'siteUserSession')?.value ?? '';
    const asCustomer = await site.request({
      method: 'GET',
      url: '/api/test/owner-only',
      cookies: { siteUserSession: customer },
    });
    expect(asCustomer.statusCode).toBe(403);
    const owner = cookieOf(await signIn(site, DEMO_OWNER), 'siteUserSession')?.value ?? '';
    const asOwner = await site.request({
      method: 'GET',
      url: '/api/test/owner-only',
      cookies: { siteUserSession: owner },
    });
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json().owner).toBe(DEMO_OWNER.email);
    // A session of site A is no session at all on site B.
    const elsewhere = await other.request({
      method: 'GET',
      url: '/api/test/owner-only',
      cookies: { siteUserSession: owner },
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it('signs out: the session stops working and SiteUserInfo says unauthenticated', async () => {
    const token = cookieOf(await signIn(site, DEMO_OWNER), 'siteUserSession')?.value ?? '';
    const out = await site.request({
      method: 'DELETE',
      url: '/api/site-users/account/session?cloneCart=false',
      cookies: { siteUserSession: token, CART: 'guest-cart' },
    });
    expect(out.statusCode).toBe(200);
    expect(JSON.parse(decodeURIComponent(cookieOf(out, 'SiteUserInfo')?.value ?? '')).authenticated).toBe(
      false,
    );
    expect(cookieOf(out, 'CART')?.value).toBe('');
    const after = await site.request({
      method: 'GET',
      url: '/api/test/owner-only',
      cookies: { siteUserSession: token },
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers crumbFail on sign-out without the crumb (the client retries once)', async () => {
    const res = await site.request({
      method: 'DELETE',
      url: '/api/site-users/account/session',
      crumb: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().crumbFail).toBe(true);
  });

  it.each([
    ['fr-FR', 200],
    ['en', 200],
    ['<script>', 400],
    ['', 400],
  ])('sets the locale %s → %i', async (language, status) => {
    const res = await site.request({
      method: 'POST',
      url: '/api/site-users/account/locale',
      payload: { language },
    });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json()).toEqual({ language });
  });
});
