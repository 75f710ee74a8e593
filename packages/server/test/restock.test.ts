import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, restockSignups } from '../src/db/schema/index';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { restock, sessionOf, soldOutMug } from './restock-helpers';

const URL = '/api/site-users/account/notifications/restock';

describe.each(backends)('restock on %s', (backend) => {
  let site: TestSite;
  let mug: Awaited<ReturnType<typeof soldOutMug>>;
  let owner: string;
  let customer: string;
  let n = 0;
  const signUp = (
    email: unknown,
    extra: object = {},
    variant = mug.white,
    ip = `10.2.${n++ % 250}.${Math.floor(n / 250)}`,
  ) =>
    site.request({
      method: 'POST',
      url: URL,
      headers: { 'x-forwarded-for': ip },
      payload: {
        productId: variant.productId,
        variantId: variant.variantId,
        siteVisitorEmail: email,
        ...extra,
      },
    });
  const asOwner = (method: 'GET' | 'POST', url: string, payload?: object, cookie = owner) =>
    site.request({ method, url, payload, cookies: cookie ? { siteUserSession: cookie } : {} });

  beforeAll(async () => {
    site = await createTestSite(backend);
    mug = await soldOutMug(backend, site);
    owner = await sessionOf(site, 'owner');
    customer = await sessionOf(site, 'customer');
  });
  afterAll(() => site.app.close());

  it.each([
    ['', 'Email cannot be blank'],
    ['   ', 'Email cannot be blank'],
    [undefined, 'Email cannot be blank'],
    ['ab', 'Email is invalid'],
    ['not-an-email', 'Email is invalid'],
    [`${'a'.repeat(251)}@b.com`, 'Email is invalid'],
    [42, 'Email is invalid'],
    ['<script>@x.y', 'Email is invalid'],
  ])('refuses email %j with "%s"', async (email, message) => {
    const res = await signUp(email);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it.each([
    [{ productId: 'nope', variantId: 'nope', siteVisitorEmail: 'a@b.co' }, 404],
    [{ productId: 1, variantId: 'x', siteVisitorEmail: 'a@b.co' }, 400],
    [{ variantId: 'x', siteVisitorEmail: 'a@b.co' }, 400],
  ])('refuses a bad variant reference %j', async (payload, status) => {
    const res = await site.request({ method: 'POST', url: URL, payload });
    expect(res.statusCode).toBe(status);
  });

  it('stores a signup with the mailing-list opt-in; a duplicate is idempotent', async () => {
    expect((await signUp('Fan@Example.com', { isJoinMailingList: true })).statusCode).toBe(200);
    expect((await signUp('fan@example.com', { isJoinMailingList: false })).statusCode).toBe(200);
    const { db } = await testDatabase(backend);
    const rows = await db
      .select()
      .from(restockSignups)
      .where(and(eq(restockSignups.websiteId, site.websiteId), eq(restockSignups.email, 'fan@example.com')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.isJoinMailingList).toBe(true);
  });

  it('limits signups per client address (429 past 30 in 10 minutes)', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await signUp(`rl${i}@example.com`, {}, mug.white, '10.99.0.1')).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it.each([
    ['GET', `${URL}/groups`],
    ['GET', `${URL}?productId=a&variantId=b`],
    ['POST', `${URL}/send`],
    ['POST', `${URL}/send/all`],
  ] as const)('%s %s is owner-only: 401 anonymous, 403 site user', async (method, url) => {
    expect((await asOwner(method, url, {}, '')).statusCode).toBe(401);
    expect((await asOwner(method, url, {}, customer)).statusCode).toBe(403);
  });

  it('lists groups and signups with cursor pagination', async () => {
    const emails = Array.from({ length: 23 }, (_, i) => `p${i}@example.com`);
    for (const e of emails) await signUp(e, {}, mug.blue);
    const groups = await asOwner('GET', `${URL}/groups`);
    expect(groups.statusCode).toBe(200);
    const blue = groups
      .json()
      .signUpGroups.find((g: { variantId: string }) => g.variantId === mug.blue.variantId);
    expect(blue).toMatchObject({
      productName: 'Stoneware Mug',
      sku: 'MUG-BLU',
      signUpCount: 23,
      pendingCount: 23,
    });
    expect(groups.json().hasNextPage).toBe(false);

    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 5; page++) {
      const q = `productId=${mug.blue.productId}&variantId=${mug.blue.variantId}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = (await asOwner('GET', `${URL}?${q}`)).json();
      seen.push(...res.signUps.map((s: { email: string }) => s.email));
      if (!res.hasNextPage) break;
      expect(res.nextPageCursor).toEqual(expect.any(String));
      cursor = res.nextPageCursor;
    }
    expect(seen.sort()).toEqual([...emails].sort());
    const bad = await asOwner('GET', `${URL}?productId=${mug.blue.productId}&variantId=x&cursor=%%%`);
    expect(bad.statusCode).toBe(400);
  });

  it('refuses to send while the variant is sold out (409), nothing queued', async () => {
    const res = await asOwner('POST', `${URL}/send`, {
      productId: mug.white.productId,
      variantId: mug.white.variantId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NOT_IN_STOCK');
  });

  it('sends each signup exactly once, even with concurrent sends', async () => {
    await restock(backend, mug.blue.variantId, 5);
    const ref = { productId: mug.blue.productId, variantId: mug.blue.variantId };
    const results = await Promise.all([
      asOwner('POST', `${URL}/send`, ref),
      asOwner('POST', `${URL}/send`, ref),
      asOwner('POST', `${URL}/send/all`, { sendRequests: [ref] }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const total = results[0].json().sent + results[1].json().sent + results[2].json().results[0].sent;
    expect(total).toBe(23);
    const { db } = await testDatabase(backend);
    const mail = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'restock')));
    expect(mail).toHaveLength(23);
    expect(new Set(mail.map((m) => m.toAddress)).size).toBe(23);
    expect(mail[0]?.textBody).toContain('Stoneware Mug (Blue) is back in stock');
    const again = await asOwner('POST', `${URL}/send`, ref);
    expect(again.json().sent).toBe(0);
  });

  it('send/all reports per request and refuses a malformed list', async () => {
    const res = await asOwner('POST', `${URL}/send/all`, {
      sendRequests: [
        { productId: mug.white.productId, variantId: mug.white.variantId },
        { productId: 'x', variantId: 'y' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((r: { error?: string }) => r.error)).toEqual(['NOT_IN_STOCK', 'NOT_FOUND']);
    expect((await asOwner('POST', `${URL}/send/all`, { sendRequests: 'all' })).statusCode).toBe(400);
    expect((await asOwner('POST', `${URL}/send/all`, { sendRequests: [] })).statusCode).toBe(400);
  });

  it('lists the outbox for the owner when no SMTP is configured', async () => {
    const res = await asOwner('GET', '/api/owner/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.json().smtpConfigured).toBe(false);
    expect(res.json().messages.length).toBeGreaterThanOrEqual(23);
    expect((await asOwner('GET', '/api/owner/outbox', undefined, customer)).statusCode).toBe(403);
  });
});
