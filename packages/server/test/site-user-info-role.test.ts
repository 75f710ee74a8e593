import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, DEMO_OWNER } from '../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';

// The runtime shows an owner a link to the studio from the readable SiteUserInfo
// cookie, so the owner's value names the role and a customer's keeps the spec's two fields.
describe.each(backends)('SiteUserInfo role on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  it.each([
    ['an owner', DEMO_OWNER, { authenticated: true, siteUserId: expect.any(String), role: 'OWNER' }],
    ['a customer', DEMO_CUSTOMER, { authenticated: true, siteUserId: expect.any(String) }],
  ])('signing in as %s sets %j', async (_who, account, expected) => {
    const res = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: account,
    });
    expect(res.statusCode).toBe(200);
    const info = res.cookies.find((c) => c.name === 'SiteUserInfo')?.value ?? '';
    expect(JSON.parse(decodeURIComponent(info))).toEqual(expected);
  });

  it('drops the role on sign-out', async () => {
    const res = await site.request({ method: 'DELETE', url: '/api/site-users/account/session' });
    const info = res.cookies.find((c) => c.name === 'SiteUserInfo')?.value ?? '';
    expect(JSON.parse(decodeURIComponent(info))).toEqual({ authenticated: false, siteUserId: null });
  });
});
