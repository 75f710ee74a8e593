import { randomBytes } from 'node:crypto';
import { ACCOUNT_SECURITY_MESSAGES } from '@store/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffTwoFactor, twoFactorRecoveryCodes } from '../../src/db/schema/index';
import { totpCodeAt } from '../../src/services/account-security/totp';
import { createSecretBox } from '../../src/services/payments/secret-box';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import {
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

const STEP = 30_000;

describe.each(backends)('two-step sign-in for staff on %s', (backend) => {
  let site: TestSite;
  const clock = movableClock();

  beforeAll(async () => {
    site = await createTestSite(backend, {
      appOptions: { accountClock: clock.now },
      config: { secretsKey: randomBytes(32) },
    });
  });
  afterAll(() => site.app.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
    site.request({
      method,
      url,
      cookies: cookie ? { siteUserSession: cookie } : {},
      ...(payload ? { payload } : method === 'POST' ? { payload: {} } : {}),
      headers: { 'x-forwarded-for': freshAddress() },
    });
  const codeStep = (ticket: string, code: string) =>
    call('POST', '/api/site-users/account/session/two-factor', undefined, { ticket, code });

  /** A staff account with two-step sign-in on: its secret and recovery codes. */
  async function enrolled(kind: 'owner' | 'contributor', roleCode = 4) {
    const account = await addAccount(backend, site, kind, roleCode);
    const cookie = sessionCookie(await signIn(site, account.email, account.password));
    const setup = await call('POST', '/api/studio/account/two-factor/setup', cookie);
    expect(setup.statusCode).toBe(201);
    const { secret } = setup.json();
    clock.advance(STEP);
    const confirmed = await call('POST', '/api/studio/account/two-factor/confirm', cookie, {
      code: totpCodeAt(secret, clock.ms()),
    });
    expect(confirmed.statusCode).toBe(200);
    return {
      ...account,
      cookie,
      secret: secret as string,
      recoveryCodes: confirmed.json().recoveryCodes as string[],
    };
  }

  it('sets up from the studio: a QR code and the secret, on only once a code confirms it', async () => {
    const owner = await addAccount(backend, site, 'owner');
    const cookie = sessionCookie(await signIn(site, owner.email, owner.password));
    expect((await call('GET', '/api/studio/account/two-factor', cookie)).json()).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = await call('POST', '/api/studio/account/two-factor/setup', cookie);
    const { secret, otpauthUri, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauthUri);
    expect([uri.protocol, uri.host, uri.searchParams.get('secret'), uri.searchParams.get('issuer')]).toEqual([
      'otpauth:',
      'totp',
      secret,
      'Juniper & Oak',
    ]);
    expect(decodeURIComponent(uri.pathname)).toContain(owner.email);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(qrCode.split(',')[1], 'base64').toString()).toMatch(/^<svg[^>]*>.*<path/s);
    const { db } = await testDatabase(backend);
    const [stored] = await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.siteUserId, owner.id));
    expect(stored?.secretSealed).toMatch(/^v1:/);
    expect(stored?.secretSealed).not.toContain(secret);
    // Not on yet: the password alone still signs in.
    expect(sessionCookie(await signIn(site, owner.email, owner.password))).toBeTruthy();

    const wrong = await call('POST', '/api/studio/account/two-factor/confirm', cookie, { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({
      reason: 'TWO_FACTOR_CODE_WRONG',
      error: { message: ACCOUNT_SECURITY_MESSAGES.codeWrong },
    });
    const right = await call('POST', '/api/studio/account/two-factor/confirm', cookie, {
      code: totpCodeAt(secret, clock.ms()),
    });
    const { recoveryCodes } = right.json();
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes)
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const hashes = await db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.siteUserId, owner.id));
    expect(hashes).toHaveLength(10);
    expect(JSON.stringify(hashes)).not.toContain(recoveryCodes[0].replaceAll('-', ''));
    expect((await call('GET', '/api/studio/account/two-factor', cookie)).json()).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await call('POST', '/api/studio/account/two-factor/setup', cookie)).json().reason).toBe(
      'TWO_FACTOR_ALREADY_ON',
    );
  });

  it.each([
    ['owner', 'owner', 4],
    ['viewer (who may change nothing else)', 'contributor', 10],
  ] as const)(
    'the %s signs in with the password, then a code; no session before the code',
    async (_who, kind, role) => {
      const staff = await enrolled(kind, role);
      const first = await signIn(site, staff.email, staff.password);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ twoFactorRequired: true, ticket: expect.any(String) });
      expect(sessionCookie(first)).toBeUndefined();
      const { ticket } = first.json();
      expect((await codeStep(ticket, '123456')).json()).toMatchObject({ reason: 'TWO_FACTOR_CODE_WRONG' });
      clock.advance(STEP);
      const second = await codeStep(ticket, totpCodeAt(staff.secret, clock.ms()));
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual({ xsrfToken: expect.any(String) });
      expect((await call('GET', '/api/studio/session', sessionCookie(second))).statusCode).toBe(200);
      // The ticket is spent.
      clock.advance(STEP);
      expect((await codeStep(ticket, totpCodeAt(staff.secret, clock.ms()))).json().reason).toBe(
        'SIGN_IN_STEP_EXPIRED',
      );
    },
  );

  it('takes each code once, and a code of the step before or after', async () => {
    const staff = await enrolled('owner');
    clock.advance(STEP);
    const code = totpCodeAt(staff.secret, clock.ms());
    const ticket = async () => (await signIn(site, staff.email, staff.password)).json().ticket;
    expect((await codeStep(await ticket(), code)).statusCode).toBe(200);
    expect((await codeStep(await ticket(), code)).json().reason).toBe('TWO_FACTOR_CODE_WRONG');
    clock.advance(2 * STEP);
    expect((await codeStep(await ticket(), totpCodeAt(staff.secret, clock.ms() + STEP))).statusCode).toBe(
      200,
    );
    expect((await codeStep(await ticket(), totpCodeAt(staff.secret, clock.ms() - 3 * STEP))).statusCode).toBe(
      401,
    );
  });

  it('a recovery code signs in once and is used up', async () => {
    const staff = await enrolled('contributor');
    const [code] = staff.recoveryCodes;
    const ticket = async () => (await signIn(site, staff.email, staff.password)).json().ticket;
    const shouted = (code ?? '').toUpperCase().replaceAll('-', ' ');
    expect((await codeStep(await ticket(), shouted)).statusCode).toBe(200);
    expect((await codeStep(await ticket(), code ?? '')).json().reason).toBe('TWO_FACTOR_CODE_WRONG');
    expect((await call('GET', '/api/studio/account/two-factor', staff.cookie)).json().recoveryCodesLeft).toBe(
      9,
    );
  });

  it('a ticket lasts 5 minutes and 5 codes', async () => {
    const staff = await enrolled('owner');
    const ticket = async () => (await signIn(site, staff.email, staff.password)).json().ticket;
    const late = await ticket();
    clock.advance(5 * 60_000 + 1);
    const expired = await codeStep(late, totpCodeAt(staff.secret, clock.ms()));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.message).toBe(ACCOUNT_SECURITY_MESSAGES.signInStepExpired);
    const tried = await ticket();
    for (let i = 0; i < 5; i++)
      expect((await codeStep(tried, '000000')).json().reason).toBe('TWO_FACTOR_CODE_WRONG');
    clock.advance(STEP);
    expect((await codeStep(tried, totpCodeAt(staff.secret, clock.ms()))).json().reason).toBe(
      'SIGN_IN_STEP_EXPIRED',
    );
  });

  it('10 wrong codes for one account, across tickets, answer 429 until the window passes', async () => {
    const staff = await enrolled('contributor');
    const ticket = async () => (await signIn(site, staff.email, staff.password)).json().ticket;
    for (let i = 0; i < 10; i++) expect((await codeStep(await ticket(), '000000')).statusCode).toBe(401);
    clock.advance(STEP);
    const refused = await codeStep(await ticket(), totpCodeAt(staff.secret, clock.ms()));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      reason: 'TWO_FACTOR_RATE_LIMITED',
      error: { code: 'RATE_LIMITED', message: ACCOUNT_SECURITY_MESSAGES.codeRateLimited },
    });
  });

  it('turns off only with the password and a code; then the password alone signs in again', async () => {
    const staff = await enrolled('owner');
    const disable = (password: string, code: string) =>
      call('POST', '/api/studio/account/two-factor/disable', staff.cookie, { password, code });
    clock.advance(STEP);
    const code = totpCodeAt(staff.secret, clock.ms());
    expect((await disable('not my password', code)).json()).toMatchObject({ reason: 'PASSWORD_WRONG' });
    expect((await disable(staff.password, '999999')).json()).toMatchObject({
      reason: 'TWO_FACTOR_CODE_WRONG',
    });
    const off = await disable(staff.password, code);
    expect(off.json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect(sessionCookie(await signIn(site, staff.email, staff.password))).toBeTruthy();
    expect((await disable(staff.password, code)).json().reason).toBe('TWO_FACTOR_OFF');
  });

  it('new recovery codes replace the old ones', async () => {
    const staff = await enrolled('owner');
    const renewed = await call('POST', '/api/studio/account/two-factor/recovery-codes', staff.cookie, {
      password: staff.password,
      code: staff.recoveryCodes[0],
    });
    expect(renewed.json().recoveryCodes).toHaveLength(10);
    const ticket = async () => (await signIn(site, staff.email, staff.password)).json().ticket;
    expect((await codeStep(await ticket(), staff.recoveryCodes[1] ?? '')).statusCode).toBe(401);
    expect((await codeStep(await ticket(), renewed.json().recoveryCodes[0])).statusCode).toBe(200);
  });

  it('a password reset of an account with two-step sign-in ends its sessions and sends it to sign in with a code', async () => {
    const staff = await enrolled('contributor');
    await askReset(site, staff.email);
    const { token } = linkIn((await resetMails(backend, site.websiteId, staff.email)).at(-1)?.textBody ?? '');
    const done = await completeReset(site, token, 'a new long passphrase');
    expect(done.json()).toEqual({ signedIn: false, twoFactorRequired: true });
    expect(sessionCookie(done)).toBeUndefined();
    expect((await call('GET', '/api/studio/session', staff.cookie)).statusCode).toBe(401);
    expect((await signIn(site, staff.email, 'a new long passphrase')).json().twoFactorRequired).toBe(true);
  });

  it('when the secret no longer opens (SECRETS_KEY changed), app codes fail and recovery codes still sign in', async () => {
    const staff = await enrolled('owner');
    const { db } = await testDatabase(backend);
    // Sealed for the same account, under a key this server does not hold.
    const foreign = createSecretBox(randomBytes(32)).seal(
      staff.secret,
      `staff_two_factor.secret:${staff.id}`,
    );
    await db
      .update(staffTwoFactor)
      .set({ secretSealed: foreign })
      .where(eq(staffTwoFactor.siteUserId, staff.id));
    const ticket = async () => (await signIn(site, staff.email, staff.password)).json().ticket;
    clock.advance(STEP);
    expect((await codeStep(await ticket(), totpCodeAt(staff.secret, clock.ms()))).json().reason).toBe(
      'TWO_FACTOR_CODE_WRONG',
    );
    expect((await codeStep(await ticket(), staff.recoveryCodes[0] ?? '')).statusCode).toBe(200);
  });

  it('is for staff: a customer is refused, signed out 401', async () => {
    const customer = await addAccount(backend, site, 'customer');
    const cookie = sessionCookie(await signIn(site, customer.email, customer.password));
    expect((await call('POST', '/api/studio/account/two-factor/setup', cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/studio/account/two-factor')).statusCode).toBe(401);
  });
});

describe.each(backends)('two-step sign-in without a key to seal secrets on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    // A deployment on PostgreSQL without SECRETS_KEY (on PGlite the server would make a key file).
    site = await createTestSite(backend, {
      config: { secretsKey: undefined, databaseUrl: 'postgres://127.0.0.1:1/elsewhere' },
    });
  });
  afterAll(() => site.app.close());

  it('refuses the set-up with words and stores nothing', async () => {
    const owner = await addAccount(backend, site, 'owner');
    const cookie = sessionCookie(await signIn(site, owner.email, owner.password));
    const refused = await site.request({
      method: 'POST',
      url: '/api/studio/account/two-factor/setup',
      payload: {},
      cookies: { siteUserSession: cookie ?? '' },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      reason: 'SECRETS_KEY_MISSING',
      error: { message: ACCOUNT_SECURITY_MESSAGES.secretsKeyMissing },
    });
    const { db } = await testDatabase(backend);
    expect(await db.select().from(staffTwoFactor).where(eq(staffTwoFactor.siteUserId, owner.id))).toEqual([]);
  });
});
