import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMembers as newsletterSubscribers } from '../src/db/schema/newsletter';
import { unsubscribeTokenOf } from '../src/services/newsletter.service';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { sessionOf } from './restock-helpers';

const INVALID_LINK = 'This unsubscribe link is not valid.';
const popup = { enabled: true, title: 'Join us', body: 'News, now and then.', delaySeconds: 0 };

describe.each(backends)('newsletter and popup overlay routes on %s', (backend) => {
  let site: TestSite;
  let n = 0;
  // Each call from its own address: the routes share one per-address limit.
  const post = (url: string, payload: object, extra: { crumb?: boolean } = {}) =>
    site.request({
      method: 'POST',
      url,
      payload,
      headers: { 'x-forwarded-for': `10.7.${n++ % 250}.1` },
      ...extra,
    });
  const subscriber = async (email: string) => {
    const { db } = await testDatabase(backend);
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(
        and(eq(newsletterSubscribers.websiteId, site.websiteId), eq(newsletterSubscribers.email, email)),
      );
    return row;
  };

  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  it('subscribes once per address (lower-cased) and keeps the token on a repeat sign-up', async () => {
    expect((await post('/api/newsletter/subscribers', { email: 'Reader@Example.com' })).json()).toEqual({
      ok: true,
    });
    const first = await subscriber('reader@example.com');
    expect(first).toMatchObject({ source: 'popup', unsubscribedAt: null });
    expect((await post('/api/newsletter/subscribers', { email: 'reader@example.com' })).statusCode).toBe(200);
    expect((await subscriber('reader@example.com'))?.unsubscribeToken).toBe(first?.unsubscribeToken);
  });

  it.each([
    [{ email: 'not-an-email' }, 400],
    [{}, 400],
    [{ email: 'a@example.com', source: 'somewhere' }, 400],
  ])('refuses a sign-up of %j with %i', async (payload, status) => {
    const res = await post('/api/newsletter/subscribers', payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toEqual(expect.any(String));
  });

  it('needs the crumb to subscribe', async () => {
    const res = await post('/api/newsletter/subscribers', { email: 'nocrumb@example.com' }, { crumb: false });
    expect(res.statusCode).toBe(403);
    expect(await subscriber('nocrumb@example.com')).toBeUndefined();
  });

  it('unsubscribes with the link token; a second sign-up gets a new token and the old link stops working', async () => {
    await post('/api/newsletter/subscribers', { email: 'leaver@example.com' });
    const token =
      (await unsubscribeTokenOf((await testDatabase(backend)).db, site.websiteId, 'leaver@example.com')) ??
      '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect((await post('/api/newsletter/unsubscribe', { token })).json()).toEqual({ ok: true });
    expect((await subscriber('leaver@example.com'))?.unsubscribedAt).toBeInstanceOf(Date);
    // Clicking the link again is harmless.
    expect((await post('/api/newsletter/unsubscribe', { token })).statusCode).toBe(200);

    await post('/api/newsletter/subscribers', { email: 'leaver@example.com' });
    const again = await subscriber('leaver@example.com');
    expect(again?.unsubscribedAt).toBeNull();
    expect(again?.unsubscribeToken).not.toBe(token);
    const stale = await post('/api/newsletter/unsubscribe', { token });
    expect(stale.statusCode).toBe(404);
    expect(stale.json().error.message).toBe(INVALID_LINK);
  });

  it.each([
    ['a well-formed token nobody has', 'A'.repeat(32), 404],
    ['a malformed token', 'short!', 400],
    ['no token', undefined, 400],
  ])('answers %s with "%s"', async (_what, token, status) => {
    const res = await post('/api/newsletter/unsubscribe', token === undefined ? {} : { token });
    expect(res.statusCode).toBe(status);
    expect(JSON.stringify(res.json())).toContain(INVALID_LINK);
  });

  it('does not unsubscribe another site’s subscriber with its token', async () => {
    const other = await createTestSite(backend);
    try {
      await post('/api/newsletter/subscribers', { email: 'mine@example.com' });
      const token =
        (await unsubscribeTokenOf((await testDatabase(backend)).db, site.websiteId, 'mine@example.com')) ??
        '';
      const res = await other.request({
        method: 'POST',
        url: '/api/newsletter/unsubscribe',
        payload: { token },
      });
      expect(res.statusCode).toBe(404);
      expect((await subscriber('mine@example.com'))?.unsubscribedAt).toBeNull();
    } finally {
      await other.app.close();
    }
  });

  it.each([
    ['a visitor', null, 401],
    ['a signed-in customer', 'customer', 403],
  ] as const)('does not let %s set up the popup overlay', async (_who, account, status) => {
    const cookies: Record<string, string> = account
      ? { siteUserSession: await sessionOf(site, account) }
      : {};
    const res = await site.request({
      method: 'PUT',
      url: '/api/owner/popup-overlay',
      payload: popup,
      cookies,
    });
    expect(res.statusCode).toBe(status);
  });

  it('lets the owner set up the popup overlay; each save is a new version', async () => {
    const cookies = { siteUserSession: await sessionOf(site, 'owner') };
    const first = await site.request({
      method: 'PUT',
      url: '/api/owner/popup-overlay',
      payload: popup,
      cookies,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ enabled: true });
    const second = await site.request({
      method: 'PUT',
      url: '/api/owner/popup-overlay',
      payload: { ...popup, title: 'Join us again' },
      cookies,
    });
    expect(second.json().version).toBe(first.json().version + 1);
    const bad = await site.request({
      method: 'PUT',
      url: '/api/owner/popup-overlay',
      payload: { ...popup, delaySeconds: 601 },
      cookies,
    });
    expect(bad.statusCode).toBe(400);
  });
});
