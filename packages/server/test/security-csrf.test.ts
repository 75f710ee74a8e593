import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER } from '../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

/**
 * CSRF: crumb protection is decided by the matched route, form
 * bodies reach only the routes whose spec payload is form-encoded, and the crumb is signed
 * with a server secret (kept in the database), bound to the site.
 */
describe.each(backends)('CSRF crumb on %s', (backend) => {
  let site: TestSite;
  let other: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
    other = await createTestSite(backend);
  });
  afterAll(async () => {
    await site.app.close();
    await other.app.close();
  });

  const form = (url: string, payload: string, extra: { cookies?: Record<string, string> } = {}) =>
    site.request({
      method: 'POST',
      url,
      crumb: false,
      cookies: extra.cookies,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });

  it.each([
    [
      '/%61pi/site-users/account/session',
      `email=${encodeURIComponent(DEMO_CUSTOMER.email)}&password=${encodeURIComponent(DEMO_CUSTOMER.password)}`,
    ],
    ['/%61pi/commerce/shopping-cart/entries', 'itemId=x&quantity=1'],
    [
      '/api/site-users/account/session',
      `email=${encodeURIComponent(DEMO_CUSTOMER.email)}&password=${encodeURIComponent(DEMO_CUSTOMER.password)}`,
    ],
  ])('a cross-site form to %s (no crumb) changes nothing', async (url, payload) => {
    const res = await form(url, payload);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['content-type']).toMatch(/json/);
    expect(res.cookies.find((c) => c.name === 'siteUserSession')).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'CART')).toBeUndefined();
  });

  it('a JSON write through /%61pi/… without a crumb gets crumbFail, like /api/…', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/%61pi/commerce/shopping-cart/entries',
      crumb: false,
      payload: { itemId: 'x', quantity: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ crumbFail: true, error: { code: 'CRUMB_FAIL' } });
  });

  it('refuses a form body on a JSON route even with a valid crumb (415)', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=a%40b.co&password=x`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('still takes form bodies where the spec sends them (RecordEvent, RecordHit, lock screen)', async () => {
    const event = await form('/api/events/RecordEvent', `crumb=${site.crumb}&event=x&data=%7B%7D`, {
      cookies: { crumb: site.crumb, ss_cvr: 'vis9|1|2|3|7' },
    });
    expect(event.statusCode).toBe(202);
    const hit = await form('/api/census/RecordHit', `event=View&data=%7B%7D&ss_cvr=vis9|1|2|3|7`);
    expect(hit.statusCode).toBeLessThan(500);
    expect(hit.statusCode).not.toBe(415);
    const lock = await form('/wholesale', 'password=nope');
    expect(lock.statusCode).toBe(403);
  });

  it('refuses a crumb cookie planted from a sibling subdomain (unsigned, or signed for another site)', async () => {
    for (const planted of [
      'planted-crumb-0123456789abcdef',
      other.crumb,
      `${site.crumb.split('.')[0]}.${'A'.repeat(43)}`,
    ]) {
      const res = await site.request({
        method: 'POST',
        url: '/api/commerce/shopping-cart/entries',
        crumb: false,
        cookies: { crumb: planted },
        headers: { 'x-csrf-token': planted },
        payload: { itemId: 'x', quantity: 1 },
      });
      expect(res.statusCode, planted).toBe(403);
      expect(res.json().crumbFail).toBe(true);
    }
  });

  it('a page replaces a planted crumb with a signed one, which then works', async () => {
    const page = await site.request({
      method: 'GET',
      url: '/',
      crumb: false,
      cookies: { crumb: 'planted-crumb-0123456789abcdef' },
    });
    const fresh = page.cookies.find((c) => c.name === 'crumb')?.value ?? '';
    expect(fresh).not.toBe('planted-crumb-0123456789abcdef');
    expect(site.app.crumbs.valid(site.websiteId, fresh)).toBe(true);
    const res = await site.request({
      method: 'DELETE',
      url: '/api/site-users/account/session',
      crumb: false,
      cookies: { crumb: fresh },
      headers: { 'x-csrf-token': fresh },
    });
    expect(res.statusCode).toBe(200);
  });

  it('signs with a secret kept in the database: a second app on it accepts the first one’s crumbs', async () => {
    const again = await createTestSite(backend);
    try {
      expect(again.app.crumbs.valid(site.websiteId, site.crumb)).toBe(true);
    } finally {
      await again.app.close();
    }
  });
});
