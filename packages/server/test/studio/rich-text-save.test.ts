import { blockPlaceholders, defaultProps } from '@store/blocks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

/**
 * What the studio's rich-text editor (Tiptap) sends, exactly as it serialises it: headings
 * 2–4, bold, italic, underline, strike-through, inline code, links to a page, a product and
 * elsewhere (no target or rel of its own), lists whose items hold paragraphs, a quote, a
 * line break and a rule (written `<br />` and `<hr />` as the sanitiser writes them: see
 * storedHtml in the studio), a code block and an empty paragraph.
 */
const TIPTAP_HTML = [
  '<h2>Spring hours</h2>',
  '<p>We open <strong>early</strong> and close <em>late</em>; read <a href="/about">our story</a>, see <a href="/shop/p/classic-tee"><strong>the tee</strong></a> or <a href="https://example.com/map?x=1&amp;y=2">the map</a>.</p>',
  '<ul><li><p>Tea</p></li><li><p>Cake with <u>cream</u></p></li></ul>',
  '<ol><li><p>First</p><ul><li><p>nested</p></li></ul></li><li><p>Second</p></li></ol>',
  '<blockquote><p>Best scones in town.</p></blockquote>',
  '<h3>Ask us</h3>',
  '<p>Call <a href="tel:+15551234567">us</a> or <a href="mailto:hello@example.com">write</a>.<br />Closed <s>Mondays</s> Sundays, <code>9–5</code>.</p>',
  '<hr />',
  '<h4>Small print</h4>',
  '<pre><code>opening &lt;soon&gt;</code></pre>',
  '<p></p>',
  '<p>Last line &amp; done.</p>',
].join('');

describe.each(backends)('rich text from the studio editor on %s', (backend) => {
  let site: TestSite;
  let call: Call;

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
  });
  afterAll(() => site.app.close());

  it('keeps a Tiptap document unchanged through the save, the draft and the published page', async () => {
    const created = (await call('POST', '/api/studio/pages', { title: 'Spring hours' })).json();
    const layout = {
      sections: [{ id: 's1', blocks: [{ id: 'text', type: 'text', props: { html: TIPTAP_HTML } }] }],
    };
    expect((await call('PUT', `/api/studio/pages/${created.id}/layout`, { layout })).statusCode).toBe(200);
    const draft = (await call('GET', `/api/studio/pages/${created.id}/layout`)).json().draft;
    expect(draft.sections[0].blocks[0].props.html).toBe(TIPTAP_HTML);

    expect((await call('POST', `/api/studio/pages/${created.id}/publish`, { layout })).statusCode).toBe(200);
    const live = await site.request({ method: 'GET', url: `/${created.urlId}`, crumb: false });
    expect(live.statusCode).toBe(200);
    expect(live.body).toContain(`<div class="rich-text">${TIPTAP_HTML}</div>`);
  });

  it('stores new heading, text, quote and button blocks empty and publishes no placeholder', async () => {
    const created = (await call('POST', '/api/studio/pages', { title: 'Fresh blocks' })).json();
    const types = ['heading', 'text', 'quote', 'button'] as const;
    const layout = {
      sections: [{ id: 's1', blocks: types.map((type) => ({ id: type, type, props: defaultProps(type) })) }],
    };
    expect((await call('PUT', `/api/studio/pages/${created.id}/layout`, { layout })).statusCode).toBe(200);
    const draft = (await call('GET', `/api/studio/pages/${created.id}/layout`)).json().draft;
    const props = Object.fromEntries(
      draft.sections[0].blocks.map((b: { type: string; props: Record<string, unknown> }) => [
        b.type,
        b.props,
      ]),
    );
    expect([props.heading.text, props.text.html, props.quote.text, props.button.label]).toEqual([
      '',
      '',
      '',
      '',
    ]);

    expect((await call('POST', `/api/studio/pages/${created.id}/publish`, { layout })).statusCode).toBe(200);
    const live = (await site.request({ method: 'GET', url: `/${created.urlId}`, crumb: false })).body;
    const shown = Object.values(blockPlaceholders()).flatMap((fields) => Object.values(fields));
    expect(shown).toContain('Write something here.');
    for (const placeholder of shown) expect(live).not.toContain(placeholder);
    expect(live).not.toContain('block-placeholder');
    // An empty heading, quote or button leaves nothing behind; the text block its empty container.
    expect(live).toMatch(/data-block-id="text"><div class="rich-text"><\/div>\s*<\/div>/);
    for (const type of ['heading', 'quote', 'button'])
      expect(live).toMatch(new RegExp(`data-block-id="${type}">\\s*</div>`));
  });

  it('offers products to the picker with their picture, price and address', async () => {
    const { products } = (await call('GET', '/api/studio/catalog')).json() as {
      products: {
        title: string;
        fullUrl: string;
        mainImageUrl: string | null;
        priceCents: number;
        maxPriceCents: number;
        currency: string;
      }[];
    };
    const tee = products.find((p) => p.title === 'Classic Tee');
    expect(tee).toMatchObject({
      fullUrl: '/shop/p/classic-tee',
      priceCents: 2800,
      maxPriceCents: 2800,
      currency: 'USD',
    });
    expect(tee?.mainImageUrl).toMatch(/classic-tee/);
    const print = products.find((p) => p.title === 'Art Print');
    expect(print && print.maxPriceCents > print.priceCents).toBe(true);
    // In name order, as the picker lists them.
    const titles = products.map((p) => p.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
  });
});
