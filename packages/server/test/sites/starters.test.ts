import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../src/services/sites/create-site';
import { newSiteInput } from '../../src/services/sites/site-input';
import { artSize } from '../../src/starters/starter-art';
import { STARTERS, starterPicture } from '../../src/starters/starters';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends, uniqueHost } from '../helpers/test-db';
import { CookieJar } from './cookie-jar';

describe('the starters that ship', () => {
  it('are a shop, a portfolio and a blank site, each valid and with a home page', () => {
    expect(STARTERS.map((s) => s.id)).toEqual(['shop', 'portfolio', 'blank']);
    for (const starter of STARTERS) expect(starter.pages.some((p) => p.urlId === 'home')).toBe(true);
    expect(STARTERS.find((s) => s.id === 'shop')?.products.length).toBeGreaterThanOrEqual(2);
  });

  it.each(STARTERS.flatMap((s) => [`preview-${s.id}`, ...Object.keys(s.images)]))(
    'draws %s as an SVG of its stated size, offline',
    (name) => {
      const svg = starterPicture(name);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      const image = STARTERS.flatMap((s) => Object.entries(s.images)).find(([n]) => n === name)?.[1];
      if (image) {
        const [width, height] = artSize(image.art).split('x');
        expect(svg).toContain(`width="${width}" height="${height}"`);
      }
      expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    },
  );

  it('draws nothing for a name no starter uses', () => {
    expect(starterPicture('nope')).toBeUndefined();
  });
});

describe.each(backends)('a site made from each starter (%s)', (backend) => {
  let base: TestSite;
  beforeAll(async () => {
    // A demo site first: the starters' sites below are never the database's default.
    base = await createTestSite(backend);
  });
  afterAll(() => base?.app.close());

  it.each(STARTERS.map((s) => s.id))(
    '%s: every page in its navigation renders, with its pictures and blocks filled in',
    async (id) => {
      const host = uniqueHost();
      const made = await createSite(
        base.app.database.db,
        newSiteInput.parse({
          siteTitle: `The <${id}> site`,
          email: `owner@${id}.test`,
          password: 'starter password',
          currency: 'EUR',
          country: 'FR',
          timeZone: 'Europe/Paris',
          starter: id,
          hosts: [host],
        }),
      );
      expect(made.ok).toBe(true);
      const owner = new CookieJar(base.app, host);
      await owner.visit('/');
      await owner.send('POST', '/api/site-users/account/session', {
        email: `owner@${id}.test`,
        password: 'starter password',
      });
      expect((await owner.send('POST', '/api/studio/launch')).statusCode).toBe(200);

      const visitor = new CookieJar(base.app, host);
      const home = await visitor.send('GET', '/?format=json');
      const links = (home.json().navigation as { url: string }[]).map((n) => n.url);
      const starter = STARTERS.find((s) => s.id === id);
      expect(links.length).toBe(starter?.pages.filter((p) => p.inNavigation).length);
      for (const url of links) {
        const page = await visitor.send('GET', url);
        expect(page.statusCode, url).toBe(200);
        // Nothing left unfilled: no placeholder, no empty block, the title escaped where it shows.
        expect(page.body, url).not.toMatch(
          /\{siteTitle\}|\{year\}|@collection:|@form:|Add an image|Choose a collection/,
        );
        expect(page.body, url).not.toContain('The <');
        for (const [, src] of page.body.matchAll(/src="(\/assets\/starters\/[^"]+)"/g)) {
          const picture = await visitor.send('GET', src ?? '');
          expect(picture.statusCode, src).toBe(200);
          expect(picture.headers['content-type'], src).toContain('image/svg+xml');
        }
      }
      expect(home.json().website.siteTitle).toBe(`The <${id}> site`);
      if (id === 'shop') {
        const shop = (await visitor.send('GET', '/shop?format=json')).json();
        expect(shop.items.map((i: { title: string }) => i.title)).toEqual(['Stoneware cup', 'Canvas tote']);
        const cup = (await visitor.send('GET', '/shop/p/stoneware-cup?format=json')).json().item;
        // 24 in the store currency's minor units.
        expect(cup.structuredContent.variants[0].price).toBe(2400);
        const contact = await visitor.send('GET', '/contact');
        expect(contact.body).toContain('data-island="form"');
      }
      if (id === 'portfolio') {
        const work = (await visitor.send('GET', '/work?format=json')).json();
        expect(work.items.length).toBe(5);
        expect((await visitor.send('GET', '/')).body).toContain('Harbour identity');
      }
    },
  );
});
