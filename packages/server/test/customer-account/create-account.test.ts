import { API_MESSAGES } from '@store/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsers } from '../../src/db/schema/index';
import { CREATE_ACCOUNT_LIMIT } from '../../src/routes/customer-account.routes';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../../src/services/site-users/demo-accounts';
import { addToCart, cartTokenFrom, demoProduct } from '../helpers/shop';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { GOOD_PASSWORD, cookieOf, freshAddress, newCustomer, signUp, uniqueEmail } from './account-helpers';

describe.each(backends)('creating a customer account on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  it.each([
    ['no email', { password: GOOD_PASSWORD }, 'email', API_MESSAGES.invalidEmail],
    [
      'an email of 2 characters',
      { email: 'a@', password: GOOD_PASSWORD },
      'email',
      API_MESSAGES.invalidEmail,
    ],
    ['not an email', { email: 'not-an-email', password: GOOD_PASSWORD }, 'email', API_MESSAGES.invalidEmail],
    [
      'an email over 256 characters',
      { email: `${'a'.repeat(250)}@example.com`, password: GOOD_PASSWORD },
      'email',
      API_MESSAGES.invalidEmail,
    ],
    ['no password', { email: 'x@example.com' }, 'password', API_MESSAGES.accountPasswordShort],
    [
      'a 9-character password',
      { email: 'x@example.com', password: '123456789' },
      'password',
      API_MESSAGES.accountPasswordShort,
    ],
    [
      'a blank password',
      { email: 'x@example.com', password: ' '.repeat(12) },
      'password',
      API_MESSAGES.accountPasswordShort,
    ],
    [
      'a password over 1024 characters',
      { email: 'x@example.com', password: 'p'.repeat(1025) },
      'password',
      API_MESSAGES.accountPasswordLong,
    ],
    [
      'a password that is not text',
      { email: 'x@example.com', password: 1234567890 },
      'password',
      API_MESSAGES.accountPasswordShort,
    ],
  ])('refuses %s with 400 and the field’s message', async (_name, payload, field, message) => {
    const res = await signUp(site, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(cookieOf(res, 'siteUserSession')).toBeUndefined();
  });

  it('creates a customer (never an owner), signs it in and answers 201 with the xsrf token', async () => {
    const email = uniqueEmail('New.Buyer');
    const res = await signUp(site, { email: ` ${email} `, password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().xsrfToken).toEqual(expect.any(String));
    expect(res.headers['cache-control']).toBe('no-store');
    const session = cookieOf(res, 'siteUserSession');
    expect(session?.httpOnly).toBe(true);
    const info = JSON.parse(decodeURIComponent(cookieOf(res, 'SiteUserInfo')?.value ?? '{}'));
    expect(info).toEqual({ authenticated: true, siteUserId: expect.any(String) });

    const [row] = await site.app.database.db
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.id, info.siteUserId)));
    expect(row?.role).toBe('SITE_USER');
    expect(row?.email).toBe(email.toLowerCase());

    const me = await site.request({
      method: 'GET',
      url: '/api/site-users/account',
      cookies: { siteUserSession: session?.value ?? '' },
    });
    expect(me.json()).toEqual({ id: info.siteUserId, email: email.toLowerCase(), isOwner: false });
    // The new password signs in like any other.
    const again = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email, password: GOOD_PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });

  it.each([
    ['the same address in other case', (e: string) => e.toUpperCase()],
    ['the demo customer', () => DEMO_CUSTOMER.email],
    ['the owner', () => DEMO_OWNER.email],
  ])('answers 409 for %s, without a session and without touching the account', async (_n, emailOf) => {
    const first = await newCustomer(site);
    const email = emailOf(first.email);
    const res = await signUp(site, { email, password: 'some other password' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: API_MESSAGES.accountEmailTaken });
    expect(cookieOf(res, 'siteUserSession')).toBeUndefined();
    // The existing account keeps its password (and the owner its role).
    const [row] = await site.app.database.db
      .select({ role: siteUsers.role })
      .from(siteUsers)
      .where(and(eq(siteUsers.websiteId, site.websiteId), eq(siteUsers.email, email.toLowerCase())));
    expect(row?.role).toBe(email === DEMO_OWNER.email ? 'OWNER' : 'SITE_USER');
    const wrong = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: { email, password: 'some other password' },
      headers: { 'x-forwarded-for': freshAddress() },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('keeps one account when the same address signs up twice at once', async () => {
    const email = uniqueEmail('race');
    const answers = await Promise.all([1, 2, 3].map(() => signUp(site, { email, password: GOOD_PASSWORD })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('moves the guest cart into the new account', async () => {
    const tee = await demoProduct(site, 'classic-tee');
    const add = await addToCart(site, { itemId: tee.id, sku: 'TEE-NAV-M', quantity: 2 });
    const guestCart = cartTokenFrom(add) as string;
    expect(guestCart).toBeTruthy();
    const res = await signUp(
      site,
      { email: uniqueEmail('cart'), password: GOOD_PASSWORD },
      { cookies: { CART: guestCart } },
    );
    expect(res.statusCode).toBe(201);
    expect(cookieOf(res, 'hasCart')?.value).toBe('true');
    const session = cookieOf(res, 'siteUserSession')?.value ?? '';
    // The account's cart is found by the session alone (no CART cookie sent).
    const cart = await site.request({
      method: 'GET',
      url: '/api/commerce/shopping-cart',
      cookies: { siteUserSession: session },
    });
    const entries = cart.json().entries as { chosenVariant: { sku: string }; quantity: number }[];
    expect(entries.map((e) => [e.chosenVariant.sku, e.quantity])).toEqual([['TEE-NAV-M', 2]]);
  });

  it('needs the crumb', async () => {
    const res = await signUp(site, { email: uniqueEmail(), password: GOOD_PASSWORD }, { crumb: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().crumbFail).toBe(true);
  });

  it('limits sign-ups per client address (429 past the limit)', async () => {
    const ip = freshAddress();
    const codes: number[] = [];
    for (let i = 0; i <= CREATE_ACCOUNT_LIMIT.max; i += 1)
      codes.push((await signUp(site, { email: `bad-${i}`, password: GOOD_PASSWORD }, { ip })).statusCode);
    expect(codes.slice(0, CREATE_ACCOUNT_LIMIT.max).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another address is not affected.
    expect((await signUp(site, { email: 'bad', password: GOOD_PASSWORD })).statusCode).toBe(400);
  });

  it('replaces the session of an account already signed in', async () => {
    const first = await newCustomer(site);
    const res = await signUp(
      site,
      { email: uniqueEmail('second'), password: GOOD_PASSWORD },
      { cookies: { siteUserSession: first.session } },
    );
    expect(res.statusCode).toBe(201);
    const old = await site.request({
      method: 'GET',
      url: '/api/site-users/account',
      cookies: { siteUserSession: first.session },
    });
    expect(old.statusCode).toBe(401);
  });
});
