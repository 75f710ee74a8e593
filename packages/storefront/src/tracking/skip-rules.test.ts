import { describe, expect, it } from 'vitest';
import { accountRolesOf, shouldSkipAnalytics } from './skip-rules';
import { createTracking } from './start-tracking';
import { fakeEnv } from './testing/fake-env';

const noPerf = { performanceSource: { vitals: () => {}, navigation: () => null } };

describe('shouldSkipAnalytics (spec §6)', () => {
  it.each([
    ['an anonymous visitor on a page', { pageType: 2, path: '/about' }, false],
    ['a not-found page', { pageType: 100, path: '/x' }, true],
    ['a lock screen', { pageType: 103, path: '/x' }, true],
    ['a member-area access-denied page', { pageType: 106, path: '/x' }, true],
    ['the disable flag', { pageType: 2, path: '/', disabled: true }, true],
    ['a signed-in admin', { pageType: 2, path: '/', accountRoles: [1] }, true],
    ['a signed-in viewer', { pageType: 2, path: '/', accountRoles: [10] }, false],
    ['a viewer on a config page', { pageType: 2, path: '/config/pages', accountRoles: [10] }, true],
    ['a viewer who is also an editor', { pageType: 2, path: '/', accountRoles: [10, 4] }, true],
    ['no roles', { pageType: 1, path: '/', accountRoles: [] }, false],
  ])('%s → skip %s', (_l, input, skip) => {
    expect(shouldSkipAnalytics(input)).toBe(skip);
  });
});

describe('own visits from the SiteUserInfo cookie (spec §6)', () => {
  const info = (value: object) => JSON.stringify(value);
  it.each([
    ['no cookie', undefined, null],
    ['a signed-out visitor', info({ authenticated: false, siteUserId: null }), null],
    ['a customer', info({ authenticated: true, siteUserId: 'u1' }), null],
    ['the owner', info({ authenticated: true, siteUserId: 'u1', role: 'OWNER' }), [1]],
    ['a viewer', info({ authenticated: true, role: 'CONTRIBUTOR', contributorRole: 10 }), [10]],
    ['an editor', info({ authenticated: true, role: 'CONTRIBUTOR', contributorRole: 4 }), [4]],
    ['a contributor without a code', info({ authenticated: true, role: 'CONTRIBUTOR' }), [0]],
    ['a value that is not JSON', 'authenticated', null],
  ])('%s → roles %j', (_l, value, roles) => {
    expect(accountRolesOf(value)).toEqual(roles);
  });

  it.each([
    ['the owner', { role: 'OWNER' }, '/shop', true],
    ['an editor', { role: 'CONTRIBUTOR', contributorRole: 4 }, '/shop', true],
    ['a viewer on a page', { role: 'CONTRIBUTOR', contributorRole: 10 }, '/shop', false],
    ['a viewer under /config', { role: 'CONTRIBUTOR', contributorRole: 10 }, '/config/pages', true],
    ['a customer', {}, '/shop', false],
  ])('%s on %s → skipped %s', (_l, extra, path, skipped) => {
    const f = fakeEnv({
      cookies: { SiteUserInfo: encodeURIComponent(JSON.stringify({ authenticated: true, ...extra })) },
    });
    f.env.location.pathname = path;
    const t = createTracking({ pageType: 2, websiteId: 'site-1' }, { env: f.env, ...noPerf });
    expect(t.skipped).toBe(skipped);
    expect(f.sent.some((s) => s.url === '/api/census/RecordHit')).toBe(!skipped);
  });

  it('names another site the visitor came from, not our own pages', () => {
    const hitReferrer = (referrer: string) => {
      const f = fakeEnv();
      f.env.document.referrer = referrer;
      createTracking({ pageType: 2, websiteId: 'site-1' }, { env: f.env, ...noPerf });
      const hit = f.sent.find((s) => s.url === '/api/census/RecordHit');
      return JSON.parse(new URLSearchParams(hit?.body).get('data') ?? '{}').referrer;
    };
    expect(hitReferrer('https://search.test/q?x=1')).toBe('search.test');
    expect(hitReferrer('https://shop.test/other')).toBeUndefined();
    expect(hitReferrer('')).toBeUndefined();
  });
});
