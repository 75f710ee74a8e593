import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { newCustomer } from './account-helpers';

describe.each(backends)('the /account page on %s', (backend) => {
  let site: TestSite;
  beforeAll(async () => {
    site = await createTestSite(backend);
  });
  afterAll(() => site.app.close());

  it('renders the account island in the site frame, and is never kept in the page cache', async () => {
    const customer = await newCustomer(site);
    for (const cookies of [{}, { siteUserSession: customer.session }] as Record<string, string>[]) {
      for (let i = 0; i < 2; i += 1) {
        const res = await site.request({ method: 'GET', url: '/account', cookies });
        expect(res.statusCode).toBe(200);
        expect(res.headers['x-page-cache']).toBe('miss');
        expect(res.body).toContain('data-island="account"');
        expect(res.body).toContain('<title>Account — ');
        // Nothing personal in the HTML: the island reads the account after load.
        expect(res.body).not.toContain(customer.email);
      }
    }
    const json = await site.request({ method: 'GET', url: '/account?format=json' });
    expect(json.json().pageType).toBe(250);
  });

  it('every page carries both header states; the runtime picks one from SiteUserInfo', async () => {
    const res = await site.request({ method: 'GET', url: '/' });
    expect(res.body).toContain('class="header-account__sign-in" href="/account"');
    expect(res.body).toContain('class="header-account__account" href="/account"');
    expect(res.body).toContain('data-sign-out');
  });
});
