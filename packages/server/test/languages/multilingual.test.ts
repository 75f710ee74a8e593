import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { sessionOf } from '../restock-helpers';
import { type Call, ownerClient } from '../studio/studio-helpers';

const EN_FR = {
  languages: [
    { language: 'en-US', isDefault: true, enabled: true },
    { language: 'fr-fr', isDefault: false, enabled: true },
  ],
};

describe.each(backends)('multilingual calls on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('starts with the site language alone, multilingual off', async () => {
    const settings = (await call('GET', '/api/multilingual/settings')).json();
    expect(settings).toMatchObject({ enabled: false, defaultLanguage: 'en-US', queryParameter: 'lang' });
    expect(settings.languages).toEqual([
      { language: 'en-US', isDefault: true, enabled: true, displayIndex: 0 },
    ]);
  });

  it.each([
    'GET /api/multilingual/settings',
    'GET /api/multilingual/status',
    'PUT /api/multilingual/languages',
  ])('%s is for the owner only (401 signed out, 403 for a customer)', async (route) => {
    const [method, url] = route.split(' ') as ['GET' | 'PUT', string];
    const payload = method === 'PUT' ? EN_FR : undefined;
    expect((await site.request({ method, url, payload })).statusCode).toBe(401);
    const customer = await sessionOf(site, 'customer');
    const res = await site.request({ method, url, payload, cookies: { siteUserSession: customer } });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a write without the crumb', async () => {
    const session = await sessionOf(site, 'owner');
    const res = await site.request({
      method: 'PUT',
      url: '/api/multilingual/languages',
      payload: EN_FR,
      crumb: false,
      cookies: { siteUserSession: session },
    });
    expect(res.statusCode).toBe(403);
  });

  it.each([
    [{ languages: [{ language: 'french', isDefault: true }] }, 'BCP 47'],
    [{ languages: [{ language: 'en-US!', isDefault: true }] }, 'BCP 47'],
    [{ languages: [] }, 'at least one'],
    [{ languages: [{ language: 'en-US', isDefault: false }] }, 'exactly one default'],
    [
      {
        languages: [
          { language: 'en-US', isDefault: true },
          { language: 'EN-us', isDefault: false },
        ],
      },
      'listed twice',
    ],
    [{ languages: [{ language: 'en-US', isDefault: true, enabled: false }] }, 'cannot be turned off'],
  ])('refuses %j with a 400 saying why', async (payload, why) => {
    const res = await call('PUT', '/api/multilingual/languages', payload);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(why);
  });

  it('adds French (tag made canonical), saves translations and reads them back', async () => {
    const put = await call('PUT', '/api/multilingual/languages', EN_FR);
    expect(put.statusCode).toBe(200);
    expect(put.json().languages.map((l: { language: string }) => l.language)).toEqual(['en-US', 'fr-FR']);
    expect((await call('GET', '/api/multilingual/settings')).json().enabled).toBe(true);

    const before = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json();
    const addToCart = before.entries.find(
      (e: { subjectId: string }) => e.subjectId === 'productAddToCartText',
    );
    expect(addToCart).toMatchObject({ subjectType: 'string', defaultText: 'Add to Cart', value: null });
    const shop = before.entries.find(
      (e: { subjectType: string; defaultText: string }) =>
        e.subjectType === 'page' && e.defaultText === 'Shop',
    );
    const saved = await call('PUT', '/api/multilingual/translations', {
      language: 'fr-FR',
      entries: [
        {
          subjectType: 'string',
          subjectId: 'productAddToCartText',
          field: 'text',
          value: 'Ajouter au panier',
        },
        { subjectType: 'page', subjectId: shop.subjectId, field: 'title', value: 'Boutique' },
        { subjectType: 'page', subjectId: 'nothing-here', field: 'title', value: '  ' },
      ],
    });
    expect(saved.json()).toEqual({ saved: 2, removed: 0 });
    const after = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json();
    const value = (id: string) => after.entries.find((e: { subjectId: string }) => e.subjectId === id)?.value;
    expect(value('productAddToCartText')).toBe('Ajouter au panier');
    expect(value(shop.subjectId)).toBe('Boutique');
    const status = (await call('GET', '/api/multilingual/status')).json();
    expect(status.languages.find((l: { language: string }) => l.language === 'fr-FR').translated).toBe(2);
  });

  it('refuses translations into a language the site does not offer', async () => {
    const res = await call('PUT', '/api/multilingual/translations', {
      language: 'de-DE',
      entries: [
        {
          subjectType: 'string',
          subjectId: 'productAddToCartText',
          field: 'text',
          value: 'In den Warenkorb',
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Add de-DE');
  });

  it('removing a language removes its translations; turning multilingual off removes everything', async () => {
    await call('PUT', '/api/multilingual/languages', {
      languages: [...EN_FR.languages, { language: 'de-DE', isDefault: false, enabled: true }],
    });
    await call('PUT', '/api/multilingual/translations', {
      language: 'de-DE',
      entries: [
        { subjectType: 'string', subjectId: 'productSoldOutText', field: 'text', value: 'Ausverkauft' },
      ],
    });
    await call('PUT', '/api/multilingual/languages', EN_FR);
    await call('PUT', '/api/multilingual/languages', {
      languages: [...EN_FR.languages, { language: 'de-DE', isDefault: false, enabled: true }],
    });
    const de = (await call('GET', '/api/multilingual/translations?language=de-DE')).json();
    expect(de.entries.every((e: { value: string | null }) => e.value === null)).toBe(true);

    expect((await call('DELETE', '/api/multilingual/connection')).json()).toEqual({ ok: true });
    const settings = (await call('GET', '/api/multilingual/settings')).json();
    expect(settings.enabled).toBe(false);
    expect(settings.languages).toHaveLength(1);
    const fr = (await call('GET', '/api/multilingual/translations?language=fr-FR')).json();
    expect(fr.entries.filter((e: { value: string | null }) => e.value !== null)).toEqual([]);
  });
});
