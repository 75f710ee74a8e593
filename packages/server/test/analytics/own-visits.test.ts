import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsers } from '../../src/db/schema/index';
import { todayIn } from '../../src/services/analytics/date-range';
import { ownVisitSkipped } from '../../src/services/analytics/own-visits';
import { hashPassword } from '../../src/services/site-users/password';
import { DEMO_CUSTOMER } from '../../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from './analytics-seed';

const today = todayIn('America/New_York');

describe('ownVisitSkipped (spec §6)', () => {
  it.each([
    ['a visitor', null, '/', false],
    ['a customer', { role: 'SITE_USER', contributorRole: null }, '/', false],
    ['the owner', { role: 'OWNER', contributorRole: null }, '/', true],
    ['an editor', { role: 'CONTRIBUTOR', contributorRole: 4 }, '/', true],
    ['a viewer on a page', { role: 'CONTRIBUTOR', contributorRole: 10 }, '/shop', false],
    ['a viewer under /config', { role: 'CONTRIBUTOR', contributorRole: 10 }, '/config/pages', true],
    [
      'a viewer on /configure-me (not the studio)',
      { role: 'CONTRIBUTOR', contributorRole: 10 },
      '/configure-me',
      false,
    ],
  ] as const)('%s on %s → skipped %s', (_l, account, path, skipped) => {
    expect(ownVisitSkipped(account, path)).toBe(skipped);
  });
});

describe.each(backends)('the site’s own people are not counted, on %s', (backend) => {
  let site: TestSite;
  let owner: string;
  const people: Record<string, string> = {};

  const hit = (url: string, session?: string) =>
    site.request({
      method: 'POST',
      url: '/api/census/RecordHit',
      crumb: false,
      cookies: session ? { siteUserSession: session } : {},
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        event: 'View',
        ss_cvr: `${session ? session.slice(0, 8) : 'anon'}|1|1|1|1`,
        data: JSON.stringify({ url: `https://${site.host}${url}`, pageType: 2, clientDate: Date.now() }),
      }).toString(),
    });

  beforeAll(async () => {
    site = await createTestSite(backend);
    owner = await sessionOf(site);
    const passwordHash = await hashPassword('contributor-pass');
    for (const [name, code] of [
      ['viewer', 10],
      ['editor', 4],
    ] as const) {
      const email = `${name}@example.com`;
      await site.app.database.db.insert(siteUsers).values({
        websiteId: site.websiteId,
        email,
        passwordHash,
        role: 'CONTRIBUTOR',
        contributorRole: code,
      });
      people[name] = await sessionOf(site, { email, password: 'contributor-pass' });
    }
    people.customer = await sessionOf(site, DEMO_CUSTOMER);
    const sent = [
      await hit('/'), // a visitor
      await hit('/owner-page', owner),
      await hit('/editor-page', people.editor),
      await hit('/viewer-page', people.viewer),
      await hit('/config/pages', people.viewer),
      await hit('/customer-page', people.customer),
    ];
    // Every beacon is answered alike: the sender cannot tell it was left out.
    expect(sent.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202, 202]);
    await site.request({
      method: 'POST',
      url: '/api/events/RecordJavascriptErrors',
      cookies: { siteUserSession: owner },
      payload: [{ event: 'javascript_error', timestamp: Date.now(), data: { message: 'seen by the owner' } }],
    });
    await site.app.trackingQueue.drain();
  });
  afterAll(() => site.app.close());

  it('counts visitors, customers and a viewer outside /config, and no one else', async () => {
    const res = await site.request({
      method: 'GET',
      url: `/api/analytics/summary?from=${today}&to=${today}`,
      cookies: { siteUserSession: owner },
    });
    const s = res.json();
    expect(s.topPages.map((p: { path: string }) => p.path).sort()).toEqual([
      '/',
      '/customer-page',
      '/viewer-page',
    ]);
    expect(s.pageViews).toBe(3);
  });

  it('still keeps a JavaScript error the owner met', async () => {
    const res = await site.request({
      method: 'GET',
      url: `/api/analytics/summary?from=${today}&to=${today}`,
      cookies: { siteUserSession: owner },
    });
    expect(res.json().javascriptErrors).toEqual([
      { message: 'seen by the owner', count: 1, lastSeen: expect.any(String) },
    ]);
  });
});
