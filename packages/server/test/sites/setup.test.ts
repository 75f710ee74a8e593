import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteUsers, websites } from '../../src/db/schema/index';
import { siteBaseUrl } from '../../src/services/site-base-url';
import { emptyApp } from '../helpers/empty-database';
import { backends } from '../helpers/test-db';
import { CookieJar } from './cookie-jar';

const setup = {
  siteTitle: 'Fern & Flint',
  email: 'Owner@Fern-Flint.test',
  password: 'a long enough secret',
  currency: 'EUR',
  country: 'de',
  timeZone: 'Europe/Berlin',
  starter: 'shop',
};

describe.each(backends)('first run on an empty database (%s)', (backend) => {
  let env: Awaited<ReturnType<typeof emptyApp>>;
  let owner: CookieJar;
  beforeAll(async () => {
    env = await emptyApp(backend);
    owner = new CookieJar(env.app, 'fern.test:8080');
  });
  afterAll(() => env?.close());

  it('says setup is open and lists the starters, and / is a coming-soon page, not a 503', async () => {
    const status = await owner.send('GET', '/api/setup');
    expect(status.statusCode).toBe(200);
    expect(status.json().open).toBe(true);
    expect(status.json().starters.map((s: { id: string }) => s.id)).toEqual(['shop', 'portfolio', 'blank']);
    const home = await owner.visit('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['x-robots-tag']).toContain('noindex');
    expect(home.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(home.body).toContain('href="/config"');
    // The studio is served (its sign-in or setup screen decides in the browser).
    expect((await owner.send('GET', '/config')).statusCode).not.toBe(404);
    // Calls that need a site say what to do instead of failing.
    const cart = await owner.send('GET', '/api/commerce/shopping-cart');
    expect(cart.statusCode).toBe(503);
    expect(cart.json().error.message).toBe('No site is set up yet. Open /config to set one up.');
    expect((await owner.send('GET', '/api/studio/session')).statusCode).toBe(401);
  });

  it('refuses a setup without the crumb', async () => {
    const res = await owner.send('POST', '/api/setup', setup, { 'x-csrf-token': 'nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ crumbFail: true });
  });

  it.each([
    ['siteTitle', { siteTitle: '  ' }],
    ['email', { email: 'not an address' }],
    ['password', { password: 'short' }],
    ['currency', { currency: 'XYZ' }],
    ['country', { country: 'QQ' }],
    ['timeZone', { timeZone: 'Mars/Olympus' }],
    ['starter', { starter: 'castle' }],
  ])('refuses a bad %s with a message for that field', async (field, change) => {
    const res = await owner.send('POST', '/api/setup', { ...setup, ...change });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });

  it('uses the password rules of create-owner', async () => {
    const res = await owner.send('POST', '/api/setup', { ...setup, password: '123456789' });
    expect(res.json().errors.password).toBe('password must be at least 10 characters');
  });

  it('lets exactly one of two setups at once win; the other gets 409', async () => {
    const rival = new CookieJar(env.app, 'fern.test:8080');
    await rival.visit('/');
    const [a, b] = await Promise.all([
      owner.send('POST', '/api/setup', setup),
      rival.send('POST', '/api/setup', { ...setup, siteTitle: 'Rival', email: 'rival@x.test' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const sites = await env.database.db.select().from(websites);
    expect(sites).toHaveLength(1);
    // Whoever lost is told why, and is not signed in anywhere.
    const [winner, loser] = a.statusCode === 201 ? [owner, rival] : [rival, owner];
    const lost = a.statusCode === 201 ? b : a;
    expect(lost.json().error.message).toContain('already');
    expect(loser.cookies.has('siteUserSession')).toBe(false);
    if (winner === rival) {
      // The rest of this file follows the owner's site: make the owner the winner's browser.
      for (const [k, v] of rival.cookies) owner.cookies.set(k, v);
    }
  });

  it('stores the site with what the owner chose, the address used as its public address', async () => {
    const [site] = await env.database.db.select().from(websites);
    expect(site).toBeDefined();
    if (!site) return;
    expect(site.isDefault).toBe(true);
    expect(site.launchedAt).toBeNull();
    expect(site.hosts).toEqual(['fern.test']);
    expect(site.baseUrl).toBe('http://fern.test:8080');
    expect(siteBaseUrl(site)).toBe('http://fern.test:8080');
    const [account] = await env.database.db.select().from(siteUsers).where(eq(siteUsers.websiteId, site.id));
    expect(account?.role).toBe('OWNER');
  });

  it('signs the owner in with a crumb for the new site: the studio works at once', async () => {
    const session = await owner.send('GET', '/api/studio/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().website.siteTitle).toMatch(/Fern & Flint|Rival/);
    const products = await owner.send('GET', '/api/studio/products');
    expect(products.statusCode).toBe(200);
    // A write with the crumb the setup answer set.
    const launch = await owner.send('GET', '/api/studio/launch');
    expect(launch.json()).toEqual({ launchedAt: null });
  });

  it('shows visitors "coming soon" (themed, noindex, 200) on every page until the owner publishes', async () => {
    const visitor = new CookieJar(env.app, 'fern.test');
    for (const path of ['/', '/shop', '/about', '/shop/p/stoneware-cup', '/cart']) {
      const res = await visitor.send('GET', path);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('Coming soon');
      expect(res.headers['x-robots-tag'], path).toContain('noindex');
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const home = await visitor.send('GET', '/');
    // In the site's design: the theme stylesheet and the starter's colours.
    expect(home.body).toMatch(/<link rel="stylesheet" href="\/assets\/theme\/default-[\w-]+\.css">/);
    expect(home.body).toContain('--accent:rgb(154, 74, 43)');
    expect(home.body).not.toContain('Visit the shop');
    // The owner sees the site as it will be.
    const own = await owner.send('GET', '/');
    expect(own.body).toContain('Visit the shop');
  });

  it('lists no pages in the sitemap before the first publish', async () => {
    const sitemap = await new CookieJar(env.app, 'fern.test').send('GET', '/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<urlset');
    expect(sitemap.body).not.toContain('<url>');
  });

  it('closes setup once a site exists', async () => {
    expect((await owner.send('GET', '/api/setup')).json().open).toBe(false);
    const again = new CookieJar(env.app, 'other.test');
    await again.visit('/');
    const res = await again.send('POST', '/api/setup', { ...setup, email: 'late@x.test' });
    expect(res.statusCode).toBe(409);
    expect((await env.database.db.select().from(websites)).length).toBe(1);
  });

  it('publishing the site shows visitors its pages', async () => {
    const res = await owner.send('POST', '/api/studio/launch');
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().launchedAt)).toBeGreaterThan(Date.now() - 60_000);
    const visitor = new CookieJar(env.app, 'fern.test');
    const home = await visitor.send('GET', '/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Visit the shop');
    expect(home.body).not.toContain('<meta name="robots" content="noindex, nofollow">');
    const sitemap = await visitor.send('GET', '/sitemap.xml');
    expect(sitemap.body).toMatch(/<loc>http:\/\/fern\.test(:\d+)?\/shop<\/loc>/);
  });
});

describe.each(backends)('the public address setup stores (%s)', (backend) => {
  it.each([
    // Behind a proxy the deployment trusts: the address the owner typed in the browser.
    [{ trustProxy: true }, 'https://shop.example.com'],
    // Nobody trusted: forwarded headers are the client's say-so and are ignored.
    [{}, 'http://10.0.0.5:3000'],
  ])('with %o it is %s', async (config, expected) => {
    const env = await emptyApp(backend, config);
    try {
      const jar = new CookieJar(env.app, '10.0.0.5:3000', {
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'shop.example.com',
      });
      await jar.visit('/config');
      const res = await jar.send('POST', '/api/setup', { ...setup, starter: 'blank' });
      expect(res.statusCode).toBe(201);
      const [site] = await env.database.db.select().from(websites);
      expect(site?.baseUrl).toBe(expected);
    } finally {
      await env.close();
    }
  });
});
