import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { and, eq } from 'drizzle-orm';
import { translations } from '../../src/db/schema/index';
import { backends, testDatabase } from '../helpers/test-db';
import { DEMO_CUSTOMER } from '../../src/services/site-users/demo-accounts';
import { sessionOf } from '../restock-helpers';
import { type Call, ownerClient } from '../studio/studio-helpers';

interface Entry {
  subjectType: string;
  subjectId: string;
  field: string;
  defaultText: string;
}

describe.each(backends)('pages in the visitor’s language on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  const get = (url: string, cookies: Record<string, string> = {}) =>
    site.request({ method: 'GET', url, cookies, crumb: false });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('a site with one language has no switcher and its own <html lang>', async () => {
    const html = (await get('/shop')).body;
    expect(html).toContain('<html lang="en-US">');
    expect(html).not.toContain('class="site-languages"');
  });

  it('serves a product page in French: lang, titles, navigation, strings, money', async () => {
    await call('PUT', '/api/multilingual/languages', {
      languages: [
        { language: 'en-US', isDefault: true, enabled: true },
        { language: 'fr-FR', isDefault: false, enabled: true },
      ],
    });
    const { entries } = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json() as {
      entries: Entry[];
    };
    const find = (type: string, text: string, field = 'title') =>
      entries.find((e) => e.subjectType === type && e.defaultText === text && e.field === field);
    const tee = find('product', 'Classic Tee');
    const shopNav = find('navigation', 'Shop');
    const shopPage = find('page', 'Shop');
    expect(tee && shopNav && shopPage).toBeTruthy();
    const res = await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        { ...tee, value: 'T-shirt classique' },
        { ...shopNav, value: 'Boutique' },
        { ...shopPage, value: 'La boutique' },
        {
          subjectType: 'string',
          subjectId: 'productAddToCartText',
          field: 'text',
          value: 'Ajouter au panier',
        },
      ].map(({ subjectType, subjectId, field, value }) => ({ subjectType, subjectId, field, value })),
    });
    expect(res.statusCode).toBe(200);

    const english = (await get('/shop/p/classic-tee')).body;
    expect(english).toContain('<html lang="en-US">');
    expect(english).toContain('Add to Cart');
    expect(english).toMatch(/\$\d+\.\d\d/);

    const fr = await get('/shop/p/classic-tee?lang=fr');
    expect(fr.cookies.find((c) => c.name === 'SiteLanguage')?.value).toBe('fr-FR');
    const html = fr.body;
    expect(html).toContain('<html lang="fr-FR">');
    expect(html).toContain('T-shirt classique');
    expect(html).toContain('>Boutique</a>');
    expect(html).toContain('Ajouter au panier');
    expect(html).not.toContain('Add to Cart');
    // fr-FR money: comma decimals, the sign after the amount ("28,00 $US").
    expect(html).toMatch(/\d+,\d\d\s\$/);
    // The switcher names each language in itself and marks the current one.
    expect(html).toMatch(/<a href="\?lang=fr-FR"[^>]*aria-current="true"[^>]*>Français<\/a>/);
    expect(html).toContain('<summary aria-label="Language: Français">Français</summary>');
    expect(html).toContain('>English</a>');
    // Untranslated texts keep their default ("Journal" was not translated).
    expect(html).toContain('>Journal</a>');

    const page = (await get('/shop?lang=fr-FR')).body;
    expect(page).toContain('<title>La boutique');
  });

  it('tells search engines about every language version, each its own canonical', async () => {
    const links = (html: string) => ({
      canonical: /<link rel="canonical" href="([^"]+)">/.exec(html)?.[1],
      alternates: [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [
        m[1],
        m[2],
      ]),
    });
    const english = links((await get('/shop/p/classic-tee')).body);
    const french = links((await get('/shop/p/classic-tee?lang=fr-FR')).body);
    const base = english.canonical as string;
    expect(base).toMatch(/^https?:\/\/[^/]+\/shop\/p\/classic-tee$/);
    const versions = [
      ['en-US', base],
      ['fr-FR', `${base}?lang=fr-FR`],
      ['x-default', base],
    ];
    expect(english.alternates).toEqual(versions);
    expect(french.alternates).toEqual(versions);
    expect(french.canonical).toBe(`${base}?lang=fr-FR`);
    // Pages that are not content stay out of the index, in every language.
    expect((await get('/cart?lang=fr-FR')).body).not.toContain('hreflang="x-default"');
    // The sitemap names the same versions: each language's address with all alternates.
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...sitemap.matchAll(/<url><loc>([^<]+)<\/loc>(.*?)<\/url>/g)];
    const tee = urls.filter((u) => (u[1] as string).startsWith(base));
    expect(tee.map((u) => u[1])).toEqual([base, `${base}?lang=fr-FR`]);
    for (const u of tee) {
      const alternates = [...(u[2] as string).matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [
        m[1],
        (m[2] as string).replaceAll('&amp;', '&'),
      ]);
      expect(alternates).toEqual(versions);
    }
  });

  it('dates follow the page language (the engine renders with its locale)', async () => {
    const month = /<p class="meta">(\p{L}+)\s+\d{1,2}, \d{4}/u;
    const english = month.exec((await get('/blog')).body)?.[1];
    // fr: "1 septembre 2026" (day first).
    const french = /<p class="meta">\d{1,2}\s(\p{L}+)\s\d{4}/u.exec(
      (await get('/blog?lang=fr-FR')).body,
    )?.[1];
    expect(english).toMatch(
      /^(January|February|March|April|May|June|July|August|September|October|November|December)$/,
    );
    expect(french).toMatch(
      /^(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)$/,
    );
  });

  it('translates the text of a published page’s blocks (a heading)', async () => {
    const { entries } = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json() as {
      entries: Entry[];
    };
    const heading = entries.find((e) => e.subjectType === 'block' && e.defaultText === 'About us');
    expect(heading?.field).toBe('text');
    const res = await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        { subjectType: 'block', subjectId: heading?.subjectId, field: 'text', value: 'À propos de nous' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/about?lang=fr-FR')).body).toContain('À propos de nous');
    const english = (await get('/about?lang=en-US')).body;
    expect(english).toContain('About us');
    expect(english).not.toContain('À propos de nous');
  });

  it('translates a text block’s rich text, rendered as HTML like the original', async () => {
    const { entries } = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json() as {
      entries: Entry[];
    };
    const text = entries.find(
      (e) => e.subjectType === 'block' && e.field === 'html' && e.defaultText.includes('two-person studio'),
    );
    expect(text?.defaultText).toMatch(/^<p>Juniper &amp; Oak is a two-person studio/);
    const res = await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        {
          subjectType: 'block',
          subjectId: text?.subjectId,
          field: 'html',
          value: '<p>Juniper &amp; Oak est un <strong>atelier</strong> de deux personnes.</p>',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect((await get('/about?lang=fr-FR')).body).toContain(
      '<p>Juniper &amp; Oak est un <strong>atelier</strong> de deux personnes.</p>',
    );
    expect((await get('/about?lang=en-US')).body).toContain('is a two-person studio');
  });

  it('caches pages per language: neither answers the other', async () => {
    const en1 = await get('/shop/p/classic-tee');
    const en2 = await get('/shop/p/classic-tee');
    expect(en2.headers['x-page-cache']).toBe('hit');
    expect(en2.body).toBe(en1.body);
    const fr1 = await get('/shop/p/classic-tee', { SiteLanguage: 'fr-FR' });
    expect(fr1.body).toContain('Ajouter au panier');
    const fr2 = await get('/shop/p/classic-tee', { SiteLanguage: 'fr-FR' });
    expect(fr2.headers['x-page-cache']).toBe('hit');
    expect(fr2.body).toContain('Ajouter au panier');
    const en3 = await get('/shop/p/classic-tee');
    expect(en3.headers['x-page-cache']).toBe('hit');
    expect(en3.body).toContain('Add to Cart');
    expect(en3.body).not.toContain('Ajouter au panier');
    // `?lang=` wins over the cookie; a language the site does not offer gets the default.
    expect((await get('/shop/p/classic-tee?lang=en-US', { SiteLanguage: 'fr-FR' })).body).toContain(
      'Add to Cart',
    );
    expect((await get('/shop/p/classic-tee', { SiteLanguage: 'de-DE' })).body).toContain('Add to Cart');
  });

  it('a translation saved later reaches the cached French page', async () => {
    await get('/shop/p/classic-tee?lang=fr-FR');
    await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        { subjectType: 'string', subjectId: 'productAddToCartText', field: 'text', value: 'Au panier' },
      ],
    });
    const html = (await get('/shop/p/classic-tee?lang=fr-FR')).body;
    expect(html).toContain('Au panier');
    expect(html).not.toContain('Ajouter au panier');
  });

  it('a theme string translation is plain text: saved and shown without markup', async () => {
    const saved = await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        {
          subjectType: 'string',
          subjectId: 'productQuickViewText',
          field: 'text',
          value: 'Aperçu<script>window.__x=1</script>',
        },
      ],
    });
    expect(saved.statusCode).toBe(200);
    const stored = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json() as {
      entries: (Entry & { value: string | null })[];
    };
    expect(stored.entries.find((e) => e.subjectId === 'productQuickViewText')?.value).toBe(
      'Aperçuscriptwindow.__x=1/script',
    );
    // A row written before this rule (straight into the table) is shown as text too.
    const { db } = await testDatabase(backend);
    await db
      .update(translations)
      .set({ value: 'Promo<img src=x onerror=alert(1)>' })
      .where(
        and(eq(translations.websiteId, site.websiteId), eq(translations.subjectId, 'productQuickViewText')),
      );
    await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [{ subjectType: 'string', subjectId: 'productSaleText', field: 'text', value: 'Soldes' }],
    });
    const html = (await get('/shop?lang=fr-FR')).body;
    expect(html).toContain('Promoimg src=x onerror=alert(1)');
    expect(html).not.toMatch(/<img src=x/);
    expect(html).not.toContain('<script>window.__x');
  });

  it('the locale call sets the language the next page is rendered in', async () => {
    const res = await site.request({
      method: 'POST',
      url: '/api/site-users/account/locale',
      payload: { language: 'fr-FR' },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'SiteLanguage');
    expect(cookie?.value).toBe('fr-FR');
    const html = (await get('/shop', { SiteLanguage: cookie?.value ?? '' })).body;
    expect(html).toContain('<html lang="fr-FR">');
    // A signed-in customer's choice is kept on the account and comes back at the next sign-in.
    const customer = await sessionOf(site, 'customer');
    await site.request({
      method: 'POST',
      url: '/api/site-users/account/locale',
      payload: { language: 'fr-FR' },
      cookies: { siteUserSession: customer },
    });
    const signIn = await site.request({
      method: 'POST',
      url: '/api/site-users/account/session',
      payload: DEMO_CUSTOMER,
    });
    expect(signIn.cookies.find((c) => c.name === 'SiteLanguage')?.value).toBe('fr-FR');
    expect(
      (
        await site.request({
          method: 'POST',
          url: '/api/site-users/account/locale',
          payload: { language: 'x' },
        })
      ).statusCode,
    ).toBe(400);
  });
});
