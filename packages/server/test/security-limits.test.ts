import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { emailOutbox, websites } from '../src/db/schema/index';
import { DEMO_OWNER } from '../src/services/site-users/demo-accounts';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { restock, sessionOf, soldOutMug } from './restock-helpers';

const signIn = (site: TestSite, body: object, headers: Record<string, string> = {}) =>
  site.request({ method: 'POST', url: '/api/site-users/account/session', payload: body, headers });

/** The sign-in limit under concurrency, trustProxy and mail links, the lock screen. */
describe.each(backends)('limits on %s', (backend) => {
  describe('sign-in counted before the password check', () => {
    it('40 wrong passwords and the right one at once: the right one is refused too', async () => {
      const site = await createTestSite(backend);
      try {
        const wrong = Array.from({ length: 40 }, (_, i) =>
          signIn(site, { ...DEMO_OWNER, password: `wrong-${i}` }),
        );
        const right = signIn(site, DEMO_OWNER);
        const codes = (await Promise.all([...wrong, right])).map((r) => r.statusCode);
        expect(codes.at(-1)).toBe(429);
        expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
        expect(codes.includes(200)).toBe(false);
      } finally {
        await site.app.close();
      }
    });

    it('100 wrong passwords at once: all but the first 5 are 429', async () => {
      const site = await createTestSite(backend);
      try {
        const codes = (
          await Promise.all(
            Array.from({ length: 100 }, (_, i) => signIn(site, { ...DEMO_OWNER, password: `wrong-${i}` })),
          )
        ).map((r) => r.statusCode);
        expect(codes.filter((c) => c === 429)).toHaveLength(95);
        expect(codes.filter((c) => c === 401)).toHaveLength(5);
      } finally {
        await site.app.close();
      }
    });

    it('a successful sign-in does not use up the address allowance', async () => {
      const site = await createTestSite(backend, { appOptions: {} });
      try {
        for (let i = 0; i < 22; i++) expect((await signIn(site, DEMO_OWNER)).statusCode).toBe(200);
      } finally {
        await site.app.close();
      }
    });
  });

  describe('no proxy is trusted by default (TRUST_PROXY)', () => {
    it('the default configuration trusts nobody', () => {
      expect(loadConfig({}).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
      expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
        '10.0.0.1',
        '10.0.0.0/8',
      ]);
      expect(() => loadConfig({ TRUST_PROXY: 'everyone please' })).toThrow(/TRUST_PROXY/);
    });

    it('X-Forwarded-For does not give a client a fresh address per request', async () => {
      const site = await createTestSite(backend, { config: { trustProxy: loadConfig({}).trustProxy } });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 21; i++) {
          const res = await signIn(
            site,
            { email: `nobody${i}@example.com`, password: 'wrong-pass' },
            {
              'x-forwarded-for': `10.9.${i}.1`,
            },
          );
          codes.push(res.statusCode);
        }
        expect(codes[20]).toBe(429);
      } finally {
        await site.app.close();
      }
    });

    it('with TRUST_PROXY=1 the nearest proxy’s X-Forwarded-For is the client address', async () => {
      const site = await createTestSite(backend, { config: { trustProxy: 1 } });
      try {
        site.app.get('/api/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
        const res = await site.request({
          method: 'GET',
          url: '/api/test/ip',
          headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.2', 'x-forwarded-proto': 'https' },
        });
        expect(res.json()).toEqual({ ip: '10.0.0.2', protocol: 'https' });
      } finally {
        await site.app.close();
      }
    });

    it('links in restock mail come from the site’s base URL, not X-Forwarded-Host', async () => {
      const site = await createTestSite(backend, { config: { trustProxy: true } });
      try {
        // Before the site's first request (the site resolver caches the row briefly).
        const { db } = await testDatabase(backend);
        await db
          .update(websites)
          .set({ baseUrl: 'https://shop.example.com' })
          .where(eq(websites.id, site.websiteId));
        const mug = await soldOutMug(backend, site);
        const signup = await site.request({
          method: 'POST',
          url: '/api/site-users/account/notifications/restock',
          payload: {
            productId: mug.white.productId,
            variantId: mug.white.variantId,
            siteVisitorEmail: 'v@example.com',
          },
        });
        expect(signup.statusCode).toBe(200);
        await restock(backend, mug.white.variantId, 5);
        const owner = await sessionOf(site, 'owner');
        const res = await site.request({
          method: 'POST',
          url: '/api/site-users/account/notifications/restock/send',
          cookies: { siteUserSession: owner },
          headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
          payload: { productId: mug.white.productId, variantId: mug.white.variantId },
        });
        expect(res.statusCode).toBe(200);
        const mails = await db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.websiteId, site.websiteId), eq(emailOutbox.kind, 'restock')));
        const body = JSON.stringify(mails);
        expect(mails.length).toBe(1);
        expect(body).toContain('https://shop.example.com/shop/p/stoneware-mug');
        expect(body).not.toContain('evil.example');
      } finally {
        await site.app.close();
      }
    });
  });

  describe('lock-screen password', () => {
    let site: TestSite;
    beforeAll(async () => {
      site = await createTestSite(backend);
    });
    afterAll(() => site.app.close());

    const guess = (password: string) =>
      site.request({
        method: 'POST',
        url: '/wholesale',
        crumb: false,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `password=${encodeURIComponent(password)}`,
      });

    it('60 guesses are cut off, and then even the right password waits', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 60; i++) codes.push((await guess(`guess-${i}`)).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 403)).toBe(true);
      expect(codes.slice(10).every((c) => c === 429)).toBe(true);
      expect((await guess('stockist')).statusCode).toBe(429);
    });
  });
});
