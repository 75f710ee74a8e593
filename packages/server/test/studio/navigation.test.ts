import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { navigations } from '../../src/db/schema/index';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, testDatabase } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type Call, eventually, listenSiteChanged, ownerClient } from './studio-helpers';

describe.each(backends)('site layout, navigation and header/footer on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it.each([
    ['GET', '/api/commondata/GetSiteLayout'],
    ['POST', '/api/widget/UpdateNavigation'],
    ['GET', '/api/site-header-footer'],
    ['PUT', '/api/site-header-footer'],
    ['GET', '/api/studio/pages'],
  ] as const)('%s %s is owner-only (401 signed out, 403 for a customer)', async (method, url) => {
    expect((await site.request({ method, url, payload: {} })).statusCode).toBe(401);
    const customer = await sessionOf(site, 'customer');
    const res = await site.request({ method, url, payload: {}, cookies: { siteUserSession: customer } });
    expect(res.statusCode).toBe(403);
  });

  it('answers the layout list: main navigation first with identifier and links, plus not-linked pages', async () => {
    const res = await call('GET', '/api/commondata/GetSiteLayout');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.layout[0].identifier).toBe('mainNavigation');
    expect(body.layout[0].links.map((l: { title: string }) => l.title)).toEqual([
      'Home',
      'Shop',
      'Journal',
      'About',
      'Contact',
    ]);
    expect(body.layout[0].links[0]).toMatchObject({ externalLink: null, memberAreaId: null, items: [] });
    expect(body.notLinked.map((p: { urlId: string }) => p.urlId)).toEqual(['wholesale']);
  });

  it('saves a reordered, nested tree with UpdateNavigation; the site navigation follows and site_changed is notified', async () => {
    const links = (await call('GET', '/api/commondata/GetSiteLayout')).json().layout[0].links;
    const [home, shop, journal, about, contact] = links;
    const listener = await listenSiteChanged(backend);
    const res = await call('POST', '/api/widget/UpdateNavigation', {
      fieldName: 'mainNavigation',
      templateId: 'default',
      navigation: {
        items: [
          { collectionId: shop.collectionId },
          { collectionId: home.collectionId },
          {
            title: 'More',
            items: [{ collectionId: about.collectionId }, { collectionId: journal.collectionId }],
          },
          { collectionId: contact.collectionId },
          { title: 'Instagram', externalLink: 'https://instagram.com/juniper' },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await eventually(() => listener.seen.includes(site.websiteId))).toBe(true);
    await listener.stop();
    const layout = res.json().layout[0].links;
    expect(layout.map((l: { title: string }) => l.title)).toEqual([
      'Shop',
      'Home',
      'More',
      'Contact',
      'Instagram',
    ]);
    expect(layout[2].items.map((l: { title: string }) => l.title)).toEqual(['About', 'Journal']);
    const page = (await site.request({ method: 'GET', url: '/' })).body;
    const nav = page.slice(page.indexOf('site-nav'), page.indexOf('</nav>'));
    expect(nav.indexOf('>Shop<')).toBeLessThan(nav.indexOf('>Home<'));
    expect(nav).toContain('https://instagram.com/juniper');
    // The folder is a menu holding its pages, in the saved order.
    expect(nav).toMatch(
      /<details class="site-nav__folder"><summary>More<\/summary><span class="site-nav__menu"><a href="\/about">About<\/a><a href="\/blog">Journal<\/a><\/span><\/details>/,
    );
    const aboutPage = (await site.request({ method: 'GET', url: '/about' })).body;
    expect(aboutPage).toContain('<summary class="active">More</summary>');
  });

  it.each([
    [{ navigation: { items: [{ collectionId: 'not-a-page' }] } }, 'no page has the id'],
    [{ navigation: { items: [{ externalLink: 'javascript:alert(1)' }] } }, 'Links must be formatted'],
    [
      { navigation: { items: [{ title: 'A', items: [{ title: 'B', items: [{ title: 'C' }] }] }] } },
      'folders',
    ],
    [{}, 'navigation'],
  ])('refuses a bad tree %j with 400', async (payload, message) => {
    const res = await call('POST', '/api/widget/UpdateNavigation', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('refuses UpdateNavigation without the crumb (403 crumbFail)', async () => {
    const { session } = await ownerClient(site);
    const res = await site.request({
      method: 'POST',
      url: '/api/widget/UpdateNavigation',
      crumb: false,
      cookies: { siteUserSession: session },
      payload: { navigation: { items: [] } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().crumbFail).toBe(true);
  });

  it('reads and writes the header and footer, and every page renders them', async () => {
    const before = (await call('GET', '/api/site-header-footer')).json();
    expect(before.footer.text).toContain('Mill Lane');
    // The seeded footer was ignored by the layout before the studio: now it shows.
    expect((await site.request({ method: 'GET', url: '/about' })).body).toContain('Workshop 4, Mill Lane');
    const listener = await listenSiteChanged(backend);
    const next = {
      header: { siteTitle: 'Juniper Studio', tagline: 'Hand made', showCart: true },
      footer: { text: 'Open Saturdays 10–4', links: [{ title: 'Journal', href: '/blog' }] },
    };
    const put = await call('PUT', '/api/site-header-footer', next);
    expect(put.statusCode).toBe(200);
    expect(await eventually(() => listener.seen.includes(site.websiteId))).toBe(true);
    await listener.stop();
    expect((await call('GET', '/api/site-header-footer')).json()).toEqual(next);
    for (const url of ['/', '/shop', '/blog/behind-the-kiln', '/shop/p/classic-tee', '/cart']) {
      const body = (await site.request({ method: 'GET', url })).body;
      expect(body, url).toContain('Open Saturdays 10–4');
      expect(body, url).toContain('<a href="/blog">Journal</a>');
      expect(body, url).toContain('Juniper Studio</a>');
    }
  });

  it('leaves the cart out of the header when the owner turns it off, and brings it back', async () => {
    const current = (await call('GET', '/api/site-header-footer')).json();
    const cartLink = 'class="header-cart"';
    for (const showCart of [false, true]) {
      const put = await call('PUT', '/api/site-header-footer', {
        ...current,
        header: { ...current.header, showCart },
      });
      expect(put.statusCode).toBe(200);
      const body = (await site.request({ method: 'GET', url: '/about' })).body;
      expect(body.includes(cartLink), `showCart ${showCart}`).toBe(showCart);
    }
  });

  it('refuses a footer link that is not a site path or http(s) address', async () => {
    const res = await call('PUT', '/api/site-header-footer', {
      header: {},
      footer: { links: [{ title: 'x', href: 'javascript:alert(1)' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('answers "Unable to find site main navigation" when the site has no main navigation', async () => {
    const { db } = await testDatabase(backend);
    await db.delete(navigations).where(eq(navigations.websiteId, site.websiteId));
    const res = await call('GET', '/api/commondata/GetSiteLayout');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Unable to find site main navigation');
  });
});
