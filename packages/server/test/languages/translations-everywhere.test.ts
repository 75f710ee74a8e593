import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textFields } from '../../src/services/languages/block-texts';
import { shopId, teeBody } from '../catalog-admin/catalog-helpers';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from '../studio/studio-helpers';

interface Entry {
  subjectType: string;
  subjectId: string;
  field: string;
  label: string;
  defaultText: string;
  value: string | null;
}

/** The island data the page carries in #sf-data. */
const islandDataOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="sf-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}');

describe.each(backends)(
  'translations of the header, footer, forms, products and theme words on %s',
  (backend) => {
    let site: TestSite;
    let call: Call;
    let entries: Entry[];
    const get = (url: string) => site.request({ method: 'GET', url, crumb: false });
    const entriesNow = async () =>
      ((await call('GET', '/api/multilingual/translations?language=fr-FR')).json() as { entries: Entry[] })
        .entries;
    const find = (subjectType: string, field: string, defaultText?: string) => {
      const found = entries.find(
        (e) =>
          e.subjectType === subjectType &&
          e.field === field &&
          (defaultText === undefined || e.defaultText === defaultText),
      );
      if (!found) throw new Error(`no ${subjectType} ${field} ${defaultText ?? ''}`);
      return found;
    };
    const save = async (values: [Entry, string][]) => {
      const res = await call('PUT', '/api/multilingual/translations', {
        language: 'fr-FR',
        entries: values.map(([e, value]) => ({
          subjectType: e.subjectType,
          subjectId: e.subjectId,
          field: e.field,
          value,
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    beforeAll(async () => {
      site = await createTestSite(backend);
      ({ call } = await ownerClient(site));
      await call('PUT', '/api/multilingual/languages', {
        languages: [
          { language: 'en-US', isDefault: true, enabled: true },
          { language: 'fr-FR', isDefault: false, enabled: true },
        ],
      });
      entries = await entriesNow();
    });
    afterAll(() => site.app.close());

    it('offers the header tagline, the footer and its links, forms and theme words to translate', () => {
      expect(find('site', 'tagline').defaultText).toBe('Made slowly, sold honestly');
      expect(find('site', 'text').defaultText).toContain('Juniper & Oak');
      expect(find('site', 'title', 'Shipping & returns').subjectId).toBe('footer-link:/about');
      const topic = find('form', 'field:topic-1:title', 'Topic');
      expect(topic.label).toBe('Contact: Topic (title)');
      expect(find('form', 'field:topic-1:option:1').defaultText).toBe('Wholesale');
      expect(
        find('form', 'parsedSubmissionMessage', '<p>Thank you! We will reply within two working days.</p>'),
      );
      for (const text of ['Sign in', 'Cart', 'Reviews', 'You may also like', 'from {fromPrice}', 'Required'])
        expect(find('string', 'text', text)).toBeTruthy();
    });

    it('renders the header, footer and theme words in French, and English by default', async () => {
      await save([
        [find('site', 'tagline'), 'Fait lentement, vendu honnêtement'],
        [find('site', 'text'), '© 2026 Juniper & Oak · Atelier 4'],
        [find('site', 'title', 'Shipping & returns'), 'Livraison et retours'],
        [find('string', 'text', 'Sign in'), 'Se connecter'],
        [find('string', 'text', 'Cart'), 'Panier'],
        [find('string', 'text', 'Reviews'), 'Avis'],
        [find('string', 'text', 'You may also like'), 'Vous aimerez aussi'],
        [find('string', 'text', 'from {fromPrice}'), 'à partir de {fromPrice}'],
      ]);
      const fr = (await get('/shop/p/classic-tee?lang=fr-FR')).body;
      expect(fr).toContain('<span class="site-tagline">Fait lentement, vendu honnêtement</span>');
      expect(fr).toContain('© 2026 Juniper &amp; Oak · Atelier 4');
      expect(fr).toContain('<a href="/about">Livraison et retours</a>');
      expect(fr).toContain('href="/account">Se connecter</a>');
      expect(fr).toContain('<span class="header-cart__label">Panier</span>');
      expect(fr).toContain('<h2 id="reviews-title">Avis</h2>');
      expect(fr).toContain('<h2 id="related-title">Vous aimerez aussi</h2>');
      const en = (await get('/shop/p/classic-tee?lang=en-US')).body;
      expect(en).toContain('<span class="site-tagline">Made slowly, sold honestly</span>');
      expect(en).toContain('<a href="/about">Shipping &amp; returns</a>');
      expect(en).toContain('href="/account">Sign in</a>');
      expect(en).toContain('<h2 id="related-title">You may also like</h2>');
      // "from" before the lowest price of a product whose variants differ in price.
      const shopFr = (await get('/shop?lang=fr-FR')).body;
      expect(shopFr).toContain('à partir de');
      expect((await get('/shop?lang=en-US')).body).not.toContain('à partir de');
    });

    it('renders a form’s fields and messages in French; answers keep the owner’s choices', async () => {
      await save([
        [find('form', 'field:topic-1:title', 'Topic'), 'Sujet'],
        [find('form', 'field:topic-1:option:1'), 'Vente en gros'],
        [find('form', 'field:message-1:placeholder'), 'Comment pouvons-nous aider ?'],
        [
          find('form', 'parsedSubmissionMessage'),
          '<p>Merci ! <script>x()</script>Réponse sous deux jours.</p>',
        ],
        [find('string', 'text', 'Required'), 'Obligatoire'],
        [find('string', 'text', 'Submit'), 'Envoyer'],
      ]);
      const fr = islandDataOf((await get('/contact?lang=fr-FR')).body);
      const topic = fr.form.fields.find((f: { id: string }) => f.id === 'topic-1');
      expect(topic.title).toBe('Sujet');
      // The values sent stay the owner's (the server checks answers against them).
      expect(topic.options).toEqual(['An order', 'Wholesale', 'Something else']);
      expect(topic.optionLabels).toEqual(['An order', 'Vente en gros', 'Something else']);
      expect(fr.form.fields.find((f: { id: string }) => f.id === 'message-1').placeholder).toBe(
        'Comment pouvons-nous aider ?',
      );
      // Rich text is cleaned like the owner's own.
      expect(fr.form.parsedSubmissionMessage).toBe('<p>Merci ! Réponse sous deux jours.</p>');
      expect(fr.strings).toMatchObject({ formRequired: 'Obligatoire', formSubmit: 'Envoyer' });
      const en = islandDataOf((await get('/contact?lang=en-US')).body);
      expect(en.form.fields.find((f: { id: string }) => f.id === 'topic-1').title).toBe('Topic');
      expect(en.strings).toMatchObject({ formRequired: 'Required', formSubmit: 'Submit' });
    });

    it('gives the instalment line the page’s language and its translation', async () => {
      await save([
        [
          find('string', 'text', 'or {count} interest-free payments of {amount} with {provider}'),
          'ou {count} paiements sans frais de {amount} avec {provider}',
        ],
      ]);
      const fr = islandDataOf((await get('/shop/p/classic-tee?lang=fr-FR')).body);
      const item = Object.values(fr.installments)[0] as { shopperLanguage: string };
      expect(item.shopperLanguage).toBe('fr');
      expect(fr.strings.instalmentsLine).toBe('ou {count} paiements sans frais de {amount} avec {provider}');
      const en = islandDataOf((await get('/shop/p/classic-tee?lang=en-US')).body);
      expect((Object.values(en.installments)[0] as { shopperLanguage: string }).shopperLanguage).toBe('en');
    });

    it('a product made in the studio offers its description (not an empty one) and shows its translation', async () => {
      const shop = await shopId(backend, site);
      const created = await call(
        'POST',
        '/api/studio/products',
        teeBody(shop, { description: '<p>Brushed cotton, <strong>heavy</strong> weight.</p>' }),
      );
      expect(created.statusCode).toBe(201);
      const product = created.json() as { id: string; fullUrl: string };
      entries = await entriesNow();
      const description = entries.find(
        (e) => e.subjectType === 'product' && e.subjectId === product.id && e.field === 'description',
      );
      expect(description?.defaultText).toBe('<p>Brushed cotton, <strong>heavy</strong> weight.</p>');
      await save([
        [description as Entry, '<p>Coton brossé, <strong>épais</strong>.<img src=x onerror=alert(1)></p>'],
      ]);
      const fr = (await get(`${product.fullUrl}?lang=fr-FR`)).body;
      expect(fr).toContain('<strong>épais</strong>');
      expect(fr).not.toContain('onerror');
      expect((await get(`${product.fullUrl}?lang=en-US`)).body).toContain('<strong>heavy</strong> weight');
    });

    it('search results show page and product titles in the page’s language', async () => {
      entries = await entriesNow();
      await save([
        [find('product', 'title', 'Classic Tee'), 'T-shirt classique'],
        [find('page', 'title', 'About'), 'À propos'],
      ]);
      const titles = async (q: string, lang: string) =>
        (
          (await get(`/search?format=json&q=${q}&lang=${lang}`)).json().searchResults as { title: string }[]
        ).map((r) => r.title);
      expect(await titles('classic', 'fr-FR')).toContain('T-shirt classique');
      expect(await titles('studio', 'fr-FR')).toContain('À propos');
      expect(await titles('classic', 'en-US')).toContain('Classic Tee');
    });

    it('offers the text areas visitors read (quotes, accordions, Markdown), never code or embeds', () => {
      const names = (type: string) => textFields(type).map((f) => f.name);
      expect(names('quote')).toEqual(expect.arrayContaining(['text', 'source']));
      expect(names('accordion')).toEqual(['items']);
      expect(names('markdown')).toEqual(['markdown']);
      expect(names('code')).toEqual([]);
      expect(names('video')).not.toContain('embedCode');
      expect(names('sociallinks')).toEqual([]);
    });
  },
);
