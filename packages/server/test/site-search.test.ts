import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snippetHtml } from '../src/services/site-search';
import { shopId, teeBody } from './catalog-admin/catalog-helpers';
import { type TestSite, createTestSite } from './helpers/test-app';
import { backends, testDatabase } from './helpers/test-db';
import { type Call, ownerClient } from './studio/studio-helpers';

const block = (id: string, type: string, props: Record<string, unknown> = {}) => ({ id, type, props });
const layoutOf = (...blocks: ReturnType<typeof block>[]) => ({ sections: [{ id: 's1', blocks }] });

interface Result {
  title: string;
  fullUrl: string;
  snippet: string;
}

describe.each(backends)('site search over page and product text (%s)', (backend) => {
  let site: TestSite;
  let call: Call;
  let pageId: string;
  const visit = (url: string) => site.request({ method: 'GET', url, crumb: false });
  const results = async (q: string): Promise<Result[]> =>
    (await visit(`/search?format=json&q=${encodeURIComponent(q)}`)).json().searchResults;
  const urls = async (q: string) => (await results(q)).map((r) => r.fullUrl);

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    pageId = (await call('POST', '/api/studio/pages', { title: 'Our kiln' })).json().id;
  });
  afterAll(() => site.app.close());

  it('finds a published page by the text of its blocks, with a highlighted snippet', async () => {
    const published = await call('POST', `/api/studio/pages/${pageId}/publish`, {
      layout: layoutOf(
        block('h', 'heading', { text: 'Firing day' }),
        block('t', 'text', {
          html: '<p>Our <strong>anagama</strong> kiln burns for three days &amp; nights.</p>',
        }),
        block('q', 'quote', { text: 'The flame decides the glaze', source: 'Tomoko' }),
        block('m', 'markdown', { markdown: '## Schedule\n\nWe **unload** on Sundays.' }),
        block('a', 'accordion', { items: 'Visits | Book a workshop tour' }),
      ),
    });
    expect(published.statusCode).toBe(200);
    for (const word of ['anagama', 'flame', 'tomoko', 'unload', 'workshop', 'firing'])
      expect(await urls(word), word).toContain('/our-kiln');
    const [hit] = await results('anagama kiln');
    expect(hit).toMatchObject({ title: 'Our kiln', fullUrl: '/our-kiln' });
    expect(hit?.snippet).toContain('<mark>anagama</mark>');
    // Tags dropped and entities read as text, then escaped once for the page.
    expect(hit?.snippet).toContain('&amp; nights');
    expect(hit?.snippet).not.toContain('<strong>');
    // Markdown is searched as the words it shows, not its markup.
    const [md] = await results('unload');
    expect(md?.snippet).not.toMatch(/\*\*|##/);
    const html = (await visit('/search?q=anagama')).body;
    expect(html).toContain('<p class="search-snippet">');
    expect(html).toContain('<mark>anagama</mark>');
  });

  it('keeps the index current on publish: drafts are not searched, a new revision replaces the old text', async () => {
    await call('PUT', `/api/studio/pages/${pageId}/layout`, {
      layout: layoutOf(block('h', 'heading', { text: 'Salt glaze draft' })),
    });
    expect(await urls('salt')).not.toContain('/our-kiln');
    await call('POST', `/api/studio/pages/${pageId}/publish`, {
      layout: layoutOf(block('h', 'heading', { text: 'Salt glaze season' })),
    });
    expect(await urls('salt')).toContain('/our-kiln');
    expect(await urls('anagama')).not.toContain('/our-kiln');
  });

  it('a page that is not live is never found', async () => {
    const hidden = (await call('POST', '/api/studio/pages', { title: 'Secret plans' })).json().id;
    await call('PUT', `/api/studio/pages/${hidden}/layout`, {
      layout: layoutOf(block('h', 'heading', { text: 'Obsidian launch' })),
    });
    // Never published (a draft page): neither its title nor its draft text.
    expect(await urls('obsidian')).toEqual([]);
    expect(await urls('secret')).toEqual([]);
  });

  it('finds products by name and description, kept current when the product is saved', async () => {
    const shop = await shopId(backend, site);
    const body = teeBody(shop, {
      title: 'Loom Scarf',
      description: '<p>Woven from <em>jacquard</em> merino.</p>',
    });
    const created = await call('POST', '/api/studio/products', body);
    expect(created.statusCode).toBe(201);
    const product = created.json() as { id: string; fullUrl: string };
    expect(await urls('jacquard')).toContain(product.fullUrl);
    expect(await urls('loom')).toContain(product.fullUrl);
    const [hit] = (await results('jacquard')).filter((r) => r.fullUrl === product.fullUrl);
    expect(hit?.snippet).toContain('<mark>jacquard</mark>');
    const detail = (await call('GET', `/api/studio/products/${product.id}`)).json();
    const { images, variants: vs, ...rest } = detail;
    const saved = await call('PUT', `/api/studio/products/${product.id}`, {
      ...rest,
      description: '<p>Woven from alpaca.</p>',
      imageIds: images.map((i: { id: string }) => i.id),
      variants: vs.map(({ stockState: _s, ...v }: { stockState: string }) => v),
    });
    expect(saved.statusCode).toBe(200);
    expect(await urls('jacquard')).not.toContain(product.fullUrl);
    expect(await urls('alpaca')).toContain(product.fullUrl);
  });

  it('a summary the description repeats is read once in the snippet', async () => {
    const [tee] = (await results('organic cotton')).filter((r) => r.title === 'Classic Tee');
    expect(tee?.snippet.match(/<mark>organic<\/mark>/g)).toHaveLength(1);
    expect(tee?.snippet).toContain('Ships from our studio');
  });

  it('ranks a match in the name above a match in the text', async () => {
    const shop = await shopId(backend, site);
    const named = (
      await call('POST', '/api/studio/products', teeBody(shop, { title: 'Tidewater Mug' }))
    ).json();
    const mentioned = (
      await call(
        'POST',
        '/api/studio/products',
        teeBody(shop, { title: 'Plain Bowl', description: '<p>Glazed to match our tidewater range.</p>' }),
      )
    ).json();
    const found = await urls('tidewater');
    expect(found.indexOf(named.fullUrl)).toBeGreaterThanOrEqual(0);
    expect(found.indexOf(named.fullUrl)).toBeLessThan(found.indexOf(mentioned.fullUrl));
  });

  it('stems words in the site language (English here) and maps languages to configurations', async () => {
    await call('POST', `/api/studio/pages/${pageId}/publish`, {
      layout: layoutOf(block('t', 'text', { html: '<p>Tomoko throws bowls while the kiln cools.</p>' })),
    });
    // "throwing" and "throws" share the English stem "throw"; 'simple' would not match them.
    expect(await urls('throwing')).toContain('/our-kiln');
    const { db } = await testDatabase(backend);
    const configs = (await db.execute(
      sql`select site_search_config('fr-FR')::text as fr, site_search_config('nb_NO')::text as nb, site_search_config('tlh')::text as none, site_search_config('en-US')::text as en`,
    )) as unknown as { rows: Record<string, string>[] };
    expect(configs.rows[0]).toEqual({ fr: 'french', nb: 'norwegian', none: 'simple', en: 'english' });
  });

  it('uses the GIN indexes for pages and items', async () => {
    const { db } = await testDatabase(backend);
    const plan = async (table: string) =>
      JSON.stringify(
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return tx.execute(
            sql`explain select 1 from ${sql.raw(table)} where search_document @@ to_tsquery(site_search_config('en-US'), 'kiln:*')`,
          );
        }),
      );
    expect(await plan('items')).toContain('items_search_idx');
    expect(await plan('page_settings')).toContain('page_settings_search_idx');
  });

  it('the search page stays cached until something it may show changes', async () => {
    const first = await visit('/search?q=bowls');
    const again = await visit('/search?q=bowls');
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    await call('POST', `/api/studio/pages/${pageId}/publish`, {
      layout: layoutOf(block('t', 'text', { html: '<p>Bowls and more bowls, fired in oak ash.</p>' })),
    });
    let after = await visit('/search?q=bowls');
    for (let i = 0; i < 50 && !after.body.includes('oak ash'); i++) {
      await new Promise((r) => setTimeout(r, 20));
      after = await visit('/search?q=bowls');
    }
    expect(after.body).toContain('<mark>Bowls</mark> and more <mark>bowls</mark>');
  });

  it('escapes the snippet text and marks only the found words', () => {
    expect(snippetHtml('a < b \u0002tee\u0003 & <script>')).toBe(
      'a &lt; b <mark>tee</mark> &amp; &lt;script&gt;',
    );
  });
});
