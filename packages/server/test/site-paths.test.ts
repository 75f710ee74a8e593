import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends } from './helpers/test-db';
import { type Call, ownerClient } from './studio/studio-helpers';

/** Paths that lead a browser to another site, each a way past a "starts with /" check. */
const OFF_SITE = [
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
];

describe.each(backends)('site paths refuse other hosts on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let pages: { id: string; urlId: string }[];
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    pages = (await call('GET', '/api/studio/pages')).json().pages;
  });
  afterAll(() => site.app.close());

  it.each(OFF_SITE)('a navigation link to %j is refused', async (link) => {
    const res = await call('POST', '/api/widget/UpdateNavigation', {
      fieldName: 'mainNavigation',
      navigation: { items: [{ title: 'Deals', externalLink: link }] },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Links must be formatted as https://example.com');
  });

  it.each(OFF_SITE)('a footer link to %j is refused', async (href) => {
    const current = (await call('GET', '/api/site-header-footer')).json();
    const res = await call('PUT', '/api/site-header-footer', {
      ...current,
      footer: { ...current.footer, links: [{ title: 'Deals', href }] },
    });
    expect(res.statusCode).toBe(400);
  });

  it.each(OFF_SITE)('a button block linking to %j is refused', async (href) => {
    const page = pages.find((p) => p.urlId === 'about') ?? pages[0];
    const res = await call('PUT', `/api/studio/pages/${page?.id}/layout`, {
      layout: {
        sections: [{ id: 's', blocks: [{ id: 'b', type: 'button', props: { label: 'Go', href } }] }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('must be a site path or an http(s) link');
  });

  it.each(OFF_SITE)('a form that redirects to %j after sending is refused', async (successRedirect) => {
    const res = await call('POST', '/api/studio/forms', {
      name: 'Contact',
      definition: { fields: [], successRedirect },
    });
    expect(res.statusCode).toBe(400);
  });

  it('site paths, fragments and web addresses are still taken', async () => {
    const nav = await call('POST', '/api/widget/UpdateNavigation', {
      fieldName: 'mainNavigation',
      navigation: {
        items: [
          { title: 'Sale', externalLink: '/shop?tag=sale' },
          { title: 'Partner', externalLink: 'https://partner.example/shop' },
        ],
      },
    });
    expect(nav.statusCode).toBe(200);
    const form = await call('POST', '/api/studio/forms', {
      name: 'Contact',
      definition: { fields: [], successRedirect: '/thanks' },
    });
    expect(form.statusCode).toBe(201);
  });

  it('unlocking a page at //evil.example sends the visitor home, not to evil.example', async () => {
    const home = pages.find((p) => p.urlId === 'home');
    expect(home).toBeDefined();
    expect(
      (await call('PUT', `/api/studio/pages/${home?.id}/settings`, { password: 'open sesame' })).statusCode,
    ).toBe(200);
    try {
      // The path as sent on the wire (a URL string would be read as a host here).
      const res = await site.request({
        method: 'POST',
        url: { pathname: '//evil.example' },
        crumb: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'password=open%20sesame',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    } finally {
      await call('PUT', `/api/studio/pages/${home?.id}/settings`, { password: null });
    }
  });
});
