import { SSO_MESSAGES, SSO_VISITOR_MESSAGES as V } from '@store/api';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsers, ssoIdentities } from '../../src/db/schema/index';
import { secretBoxFor } from '../../src/services/payments/secret-box';
import { openFlow, sealFlow } from '../../src/services/sso/sso-flow';
import { forgetDiscoveries } from '../../src/services/sso/sso-client';
import { contributorSession } from '../contributors/contributor-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { TEST_SECRETS_KEY } from '../mail/mail-helpers';
import { addToCart, cartTokenFrom, demoProduct } from '../helpers/shop';
import { sessionOf } from '../restock-helpers';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../../src/services/site-users/demo-accounts';
import { type TestProvider, authorizeAt, startTestProvider } from './oidc-test-provider';

const flowCookieOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'ssoFlow')?.value;
const unique = () => Math.random().toString(36).slice(2, 10);

describe.each(backends)('Sign-in with SSO on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  let provider: TestProvider;
  let owner: Record<string, string>;

  const settings = (target: TestSite, payload: Record<string, unknown>, cookies = owner) =>
    target.request({ method: 'PUT', url: '/api/owner/sso', payload, cookies });
  const configure = async (target: TestSite, cookies: Record<string, string>) => {
    const res = await settings(
      target,
      {
        enabled: true,
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        buttonLabel: 'Acme ID',
      },
      cookies,
    );
    expect(res.statusCode).toBe(200);
  };

  /** "Continue with …" → the provider (sign in as `sub`) → back at the callback. */
  async function signIn(target: TestSite, sub: string, cookies: Record<string, string> = {}) {
    const start = await target.request({ method: 'GET', url: '/account/sso/start', cookies });
    expect(start.statusCode).toBe(303);
    const flow = flowCookieOf(start) ?? '';
    const back = await authorizeAt(provider, String(start.headers.location), sub);
    return {
      flow,
      back,
      finish: (flowCookie = flow, at = target) => callback(at, back, flowCookie, cookies),
    };
  }
  const callback = (target: TestSite, back: URL, flow: string, cookies: Record<string, string> = {}) =>
    target.request({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      cookies: { ...cookies, ...(flow ? { ssoFlow: flow } : {}) },
    });
  const accountOf = async (res: LightMyRequestResponse, target = site) => {
    const session = res.cookies.find((c) => c.name === 'siteUserSession')?.value ?? '';
    const me = await target.request({
      method: 'GET',
      url: '/api/site-users/account',
      cookies: { siteUserSession: session },
    });
    return me.statusCode === 200 ? (me.json() as { id: string; email: string }) : null;
  };

  beforeAll(async () => {
    site = await createTestSite(backend, { config: { secretsKey: TEST_SECRETS_KEY } });
    other = await createTestSite(backend, { config: { secretsKey: TEST_SECRETS_KEY } });
    provider = await startTestProvider({
      identities: [],
      redirectUris: [site, other].map((s) => `http://${s.host}/account/sso/callback`),
    });
    owner = { siteUserSession: await sessionOf(site, 'owner') };
    await configure(site, owner);
  });
  afterAll(async () => {
    await provider.close();
    await site.app.close();
    await other.app.close();
  });

  it('keeps the client secret sealed: the studio reads only its last four characters', async () => {
    const res = await site.request({ method: 'GET', url: '/api/owner/sso', cookies: owner });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      enabled: true,
      issuer: `${provider.issuer}/`,
      clientId: provider.clientId,
      clientSecretLast4: provider.clientSecret.slice(-4),
      buttonLabel: 'Acme ID',
      problem: null,
    });
    expect(res.json().redirectUri).toMatch(/\/account\/sso\/callback$/);
    expect(res.body).not.toContain(provider.clientSecret);
    const { db } = await testDatabase(backend);
    const rows = await db.execute(
      `select client_secret_sealed from sso_settings where website_id = '${site.websiteId}'`,
    );
    expect(JSON.stringify(rows)).not.toContain(provider.clientSecret);
  });

  it('refuses settings it cannot use, field by field, with 400', async () => {
    const res = await settings(site, {
      enabled: true,
      issuer: 'ftp://x.example',
      clientId: '',
      buttonLabel: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      issuer: SSO_MESSAGES.issuerScheme,
      clientId: SSO_MESSAGES.clientIdRequired,
      buttonLabel: SSO_MESSAGES.labelRequired,
    });
    const plainHttp = await settings(site, {
      enabled: false,
      issuer: 'http://login.example.com',
      clientId: 'x',
      buttonLabel: 'X',
    });
    expect(plainHttp.json().errors).toEqual({ issuer: SSO_MESSAGES.issuerScheme });
  });

  it('is the owner’s and admins’ setting: an editor gets 403, a visitor 401', async () => {
    const editor = await contributorSession(backend, site, 4);
    const res = await site.request({
      method: 'GET',
      url: '/api/owner/sso',
      cookies: { siteUserSession: editor.cookie },
    });
    expect(res.statusCode).toBe(403);
    const admin = await contributorSession(backend, site, 1);
    const asAdmin = await site.request({
      method: 'GET',
      url: '/api/owner/sso',
      cookies: { siteUserSession: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect((await site.request({ method: 'GET', url: '/api/owner/sso' })).statusCode).toBe(401);
  });

  it('checks the connection with discovery and says so in words', async () => {
    const ok = await site.request({
      method: 'POST',
      url: '/api/owner/sso/check',
      payload: { issuer: provider.issuer },
      cookies: owner,
    });
    expect(ok.json()).toMatchObject({ ok: true, authorizationEndpoint: `${provider.issuer}/auth` });
    expect(ok.json().message).toContain('Connected');
    const down = await site.request({
      method: 'POST',
      url: '/api/owner/sso/check',
      payload: { issuer: 'http://127.0.0.1:9' },
      cookies: owner,
    });
    expect(down.statusCode).toBe(200);
    expect(down.json().ok).toBe(false);
    expect(down.json().message).toMatch(/could not be reached/);
  });

  it('shows "Continue with …" on the sign-in page and serves the SSO page as page type 400', async () => {
    const account = await site.request({ method: 'GET', url: '/account' });
    expect(account.body).toContain('data-sso-label="Acme ID"');
    const page = await site.request({ method: 'GET', url: '/account/sso?format=json' });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ pageType: 400, sso: { label: 'Acme ID' } });
    const html = await site.request({ method: 'GET', url: '/account/sso' });
    expect(html.body).toContain('Continue with Acme ID');
  });

  it('creates an account for a new person and signs them in with the password sign-in’s session', async () => {
    const email = `new-${unique()}@example.com`;
    provider.accounts.set(`sub-${email}`, { sub: `sub-${email}`, email, email_verified: true });
    const { finish, back } = await signIn(site, `sub-${email}`);
    expect(back.pathname).toBe('/account/sso/callback');
    expect(back.searchParams.get('code')).toBeTruthy();
    const res = await finish();
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account');
    expect(res.cookies.find((c) => c.name === 'SiteUserInfo')?.value).toContain('authenticated');
    expect(res.cookies.find((c) => c.name === 'ssoFlow')?.value).toBe('');
    const me = await accountOf(res);
    expect(me?.email).toBe(email);
    // No password works for it until one is set through "Forgot password?".
    const password = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email, password: '!sso' },
    });
    expect(password.statusCode).toBe(401);
  });

  it('merges the guest cart into the account, as the password sign-in does', async () => {
    const tee = await demoProduct(site, 'classic-tee');
    const added = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 });
    const guestCart = cartTokenFrom(added) as string;
    expect(guestCart).toBeTruthy();
    const email = `cart-${unique()}@example.com`;
    provider.accounts.set(`sub-${email}`, { sub: `sub-${email}`, email, email_verified: true });
    const res = await (await signIn(site, `sub-${email}`, { CART: guestCart })).finish();
    expect(res.statusCode).toBe(303);
    const session = res.cookies.find((c) => c.name === 'siteUserSession')?.value as string;
    const cart = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { siteUserSession: session, CART: cartTokenFrom(res) ?? guestCart },
    });
    const entries = cart.json().entries as { chosenVariant: { sku: string }; quantity: number }[];
    expect(entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([['TEE-NAV-M', 2]]);
  });

  it('links an existing account by a verified e-mail, and finds it by subject after the e-mail changes', async () => {
    const email = `linked-${unique()}@example.com`;
    const created = await site.request({
      method: 'POST',
      url: '/api/site-users/account',
      payload: { email, password: 'a long enough password' },
    });
    expect(created.statusCode).toBe(201);
    const sub = `sub-${unique()}`;
    provider.accounts.set(sub, { sub, email: email.toUpperCase(), email_verified: true });
    const first = await (await signIn(site, sub)).finish();
    expect(first.statusCode).toBe(303);
    const me = await accountOf(first);
    expect(me?.email).toBe(email);
    provider.accounts.set(sub, { sub, email: `changed-${unique()}@example.com`, email_verified: false });
    const again = await (await signIn(site, sub)).finish();
    expect(again.statusCode).toBe(303);
    expect((await accountOf(again))?.id).toBe(me?.id);
  });

  it('refuses to link an existing account to an unverified e-mail (no takeover), and makes no second account', async () => {
    const sub = `sub-${unique()}`;
    provider.accounts.set(sub, { sub, email: DEMO_CUSTOMER.email, email_verified: false });
    const res = await (await signIn(site, sub)).finish();
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('We couldn’t sign you in');
    expect(res.body).toContain('has not confirmed that the address is yours');
    expect(res.cookies.find((c) => c.name === 'siteUserSession')).toBeUndefined();
    const { db } = await testDatabase(backend);
    const same = await db
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, DEMO_CUSTOMER.email)));
    expect(same).toHaveLength(1);
    const links = await db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, sub));
    expect(links).toEqual([]);
  });

  it('does not sign in the site’s owner with SSO, even with a verified e-mail', async () => {
    const sub = `sub-${unique()}`;
    provider.accounts.set(sub, { sub, email: DEMO_OWNER.email, email_verified: true });
    const res = await (await signIn(site, sub)).finish();
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('helps run the site');
  });

  it('refuses a callback whose state does not match the sign-in it comes back to (4xx)', async () => {
    const sub = `sub-${unique()}`;
    provider.accounts.set(sub, { sub, email: `s-${sub}@example.com`, email_verified: true });
    const a = await signIn(site, sub);
    const b = await signIn(site, sub);
    // B's answer with A's cookie: the state is A's.
    const crossed = await callback(site, b.back, a.flow);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.body).toContain(V.mismatch.replace(/’/g, '’'));
    // No cookie at all: the sign-in was started elsewhere (or too long ago).
    const none = await callback(site, b.back, '');
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain('took too long');
  });

  it('refuses an ID token whose nonce is not the sign-in’s (4xx)', async () => {
    const sub = `sub-${unique()}`;
    provider.accounts.set(sub, { sub, email: `n-${sub}@example.com`, email_verified: true });
    const started = await signIn(site, sub);
    const source = secretBoxFor(site.app.config, site.app.database.kind);
    if (!source.ok) throw new Error('no box');
    const flow = openFlow(source.box, site.websiteId, started.flow, Date.now());
    if (!flow) throw new Error('flow not readable');
    const forged = sealFlow(source.box, { ...flow, nonce: 'not-the-nonce-that-was-sent' });
    const res = await started.finish(forged);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('did not match this sign-in');
    expect(res.cookies.find((c) => c.name === 'siteUserSession')).toBeUndefined();
  });

  it('does not use one site’s configuration or sign-in on another site', async () => {
    // The other site has no provider: its SSO page says so, its start sends nobody anywhere.
    const start = await other.request({ method: 'GET', url: '/account/sso/start' });
    expect(start.statusCode).toBe(404);
    expect(start.body).toContain('not available on this site');
    expect((await other.request({ method: 'GET', url: '/account' })).body).not.toContain('data-sso-label');
    // Configured the same, it still refuses a sign-in started on the first site.
    const otherOwner = { siteUserSession: await sessionOf(other, 'owner') };
    await configure(other, otherOwner);
    const sub = `sub-${unique()}`;
    provider.accounts.set(sub, { sub, email: `x-${sub}@example.com`, email_verified: true });
    const started = await signIn(site, sub);
    const res = await callback(other, started.back, started.flow);
    expect(res.statusCode).toBe(400);
    const { db } = await testDatabase(backend);
    const links = await db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, sub));
    expect(links).toEqual([]);
  });

  it('answers two simultaneous first sign-ins of one person with one account (409 for the loser, never 500)', async () => {
    const sub = `sub-${unique()}`;
    const email = `race-${sub}@example.com`;
    provider.accounts.set(sub, { sub, email, email_verified: true });
    const a = await signIn(site, sub);
    const b = await signIn(site, sub);
    const answers = await Promise.all([a.finish(), b.finish()]);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(303);
    expect([303, 409]).toContain(statuses[1]);
    const { db } = await testDatabase(backend);
    const accounts = await db
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, email)));
    expect(accounts).toHaveLength(1);
    expect(await db.select().from(ssoIdentities).where(eq(ssoIdentities.subject, sub))).toHaveLength(1);
  });

  it('says clearly when the provider is down, at the start and at the callback: 503, never 500', async () => {
    const sub = `sub-${unique()}`;
    provider.accounts.set(sub, { sub, email: `d-${sub}@example.com`, email_verified: true });
    const started = await signIn(site, sub);
    const downSite = await createTestSite(backend, { config: { secretsKey: TEST_SECRETS_KEY } });
    try {
      const downOwner = { siteUserSession: await sessionOf(downSite, 'owner') };
      const res = await settings(
        downSite,
        {
          enabled: true,
          issuer: 'http://127.0.0.1:9',
          clientId: 'c',
          clientSecret: 's3cret',
          buttonLabel: 'Gone',
        },
        downOwner,
      );
      expect(res.statusCode).toBe(200);
      const start = await downSite.request({ method: 'GET', url: '/account/sso/start' });
      expect(start.statusCode).toBe(503);
      expect(start.body).toContain(V.providerDown);
    } finally {
      await downSite.app.close();
    }
    // The provider goes away between the start and the visitor's return.
    await provider.close();
    forgetDiscoveries();
    const res = await started.finish();
    expect(res.statusCode).toBe(503);
    expect(res.body).toContain('not answering right now');
  });
});
