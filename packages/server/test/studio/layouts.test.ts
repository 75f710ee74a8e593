import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { present } from '../helpers/present';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, eventually, listenSiteChanged, ownerClient } from './studio-helpers';

const block = (id: string, type: string, props: Record<string, unknown> = {}) => ({ id, type, props });
const layoutOf = (...blocks: ReturnType<typeof block>[]) => ({ sections: [{ id: 's1', blocks }] });

describe.each(backends)('pages made of blocks on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let pageId: string;
  let catalog: {
    products: { id: string; title: string }[];
    collections: { id: string; title: string }[];
    forms: { id: string; name: string }[];
    lists: { id: string; name: string; isDefault: boolean }[];
  };
  const visit = (url: string) => site.request({ method: 'GET', url });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    const created = await call('POST', '/api/studio/pages', { title: 'Spring sale' });
    pageId = created.json().id;
    catalog = (await call('GET', '/api/studio/catalog')).json();
  });
  afterAll(() => site.app.close());

  it('opens a new page with an empty draft and no live layout', async () => {
    const res = await call('GET', `/api/studio/pages/${pageId}/layout`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ published: null, revisions: [], fullUrl: '/spring-sale' });
  });

  it('opens a page that predates blocks with its HTML body as a text block', async () => {
    const pages = (await call('GET', '/api/studio/pages')).json().pages;
    const wholesale = pages.find((p: { urlId: string }) => p.urlId === 'wholesale');
    const draft = (await call('GET', `/api/studio/pages/${wholesale.id}/layout`)).json().draft;
    // The seeded body has no h1 of its own (the page template used to print the title), so the
    // page's title becomes a heading block before the body's text block.
    const blocks = draft.sections[0].blocks as { type: string; props: Record<string, unknown> }[];
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'text']);
    expect(blocks[0]?.props.text).toBe(wholesale.title);
    expect(blocks[1]?.props.html).toContain('Trade prices for stockists');
  });

  it('autosaves a draft without changing what visitors see', async () => {
    const res = await call('PUT', `/api/studio/pages/${pageId}/layout`, {
      layout: layoutOf(block('h', 'heading', { text: 'Draft only' })),
    });
    expect(res.statusCode).toBe(200);
    expect(
      (await call('GET', `/api/studio/pages/${pageId}/layout`)).json().draft.sections[0].blocks[0].props.text,
    ).toBe('Draft only');
    expect((await visit('/spring-sale')).statusCode).toBe(404); // still a Draft page
  });

  it('publishes: the page is live at once with every block rendered by its theme template, and site_changed is notified', async () => {
    const tee = catalog.products.find((p) => p.title === 'Classic Tee')!;
    const shop = catalog.collections.find((c) => c.title === 'Shop')!;
    const newsletter = catalog.lists.find((l) => l.isDefault)!;
    const listener = await listenSiteChanged(backend);
    const layout = layoutOf(
      block('b1', 'heading', { text: 'Spring <sale>', level: 1 }),
      block('b2', 'text', { html: '<p>Everything <a href="/shop">in the shop</a>.</p>' }),
      block('b3', 'image', { src: '/assets/demo/classic-tee.svg', alt: 'A tee', variant: 'card' }),
      block('b4', 'button', { label: 'Shop now', href: '/shop', align: 'center' }),
      block('b5', 'quote', { text: 'Best tee ever', source: 'A customer' }),
      block('b6', 'spacer', { height: 64 }),
      block('b7', 'horizontalrule'),
      block('b8', 'code', { html: '<div class="owner-code">hi</div>' }),
      block('b9', 'markdown', { markdown: '## Why\n\n**Soft** and <script>x</script>' }),
      block('b10', 'product', { productId: tee.id }),
      block('b11', 'summary', { collectionId: shop.id, design: 'list', limit: 2, title: 'New in' }),
      block('b12', 'newsletter', { listId: newsletter.id, title: 'Stay in touch' }),
    );
    const res = await call('POST', `/api/studio/pages/${pageId}/publish`, { layout });
    expect(res.statusCode).toBe(200);
    expect(await eventually(() => listener.seen.includes(site.websiteId))).toBe(true);
    await listener.stop();
    const page = await visit('/spring-sale');
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain('<h1>Spring &lt;sale&gt;</h1>');
    expect(body).toContain('<a href="/shop">in the shop</a>');
    expect(body).toContain(
      'class="image-block image-block--card"><img src="/assets/demo/classic-tee.svg" alt="A tee"',
    );
    expect(body).toContain('button-block--center"><a class="button" href="/shop">Shop now</a>');
    expect(body).toContain('<figcaption>— A customer</figcaption>');
    expect(body).toContain('style="height:64px"');
    expect(body).toContain('<hr>');
    expect(body).toContain('<div class="owner-code">hi</div>');
    expect(body).toContain('<h2>Why</h2>');
    expect(body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(body).toMatch(/product-block" data-item-id="[^"]+"[\s\S]*Classic Tee[\s\S]*\$/);
    expect(body).toContain('summary-block--list');
    expect(body.match(/class="[^"]*summary-item"/g)).toHaveLength(2);
    expect(body).toContain(`data-island="newsletter-signup" data-list="${newsletter.id}.`);
    // The add-to-cart island finds the product block's item in the page data.
    const data = JSON.parse(
      present(
        body.match(/<script type="application\/json" id="sf-data">(.*?)<\/script>/)?.[1],
        'the page data script',
      ),
    );
    expect(Object.keys(data.products)).toContain(tee.id);
    const opened = (await call('GET', `/api/studio/pages/${pageId}/layout`)).json();
    expect(opened.revisions).toHaveLength(1);
    expect(opened.revisions[0].live).toBe(true);
  });

  it('renders video, audio, accordion, social links, search and map blocks (no map tiles fetched)', async () => {
    const page = (await call('POST', '/api/studio/pages', { title: 'Visit us' })).json();
    const layout = layoutOf(
      block('v', 'video', { url: 'https://youtu.be/dQw4w9WgXcQ', caption: 'Studio tour' }),
      block('v2', 'video', { url: '/media/0123456789abcdef01234567/clip.mp4' }),
      // A file elsewhere plays only from an origin the owner allowed: here it is a link.
      block('v3', 'video', { url: 'https://example.com/clip.mp4' }),
      block('a', 'audio', { src: '/assets/tour.mp3', title: 'Kiln sounds', artist: 'Juniper' }),
      block('ac', 'accordion', { items: 'Hours | Sat 10–4\nParking | On <Mill> Lane' }),
      block('so', 'sociallinks', {
        links: 'https://instagram.com/juniper\njavascript:alert(1)\nhttps://example.org/x',
      }),
      block('se', 'search', { placeholder: 'Find a mug' }),
      block('m', 'map', { address: 'Workshop 4, Mill Lane' }),
    );
    expect((await call('POST', `/api/studio/pages/${page.id}/publish`, { layout })).statusCode).toBe(200);
    const body = (await visit('/visit-us')).body;
    expect(body).toContain(
      '<iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Studio tour"',
    );
    expect(body).toContain('<video src="/media/0123456789abcdef01234567/clip.mp4" controls');
    expect(body).toContain('<a href="https://example.com/clip.mp4" rel="noopener">');
    expect(body).not.toContain('<video src="https://example.com');
    expect(body).toContain('<audio src="/assets/tour.mp3" controls');
    expect(body).toContain(
      '<details class="accordion-block__item"><summary>Parking</summary><p>On &lt;Mill&gt; Lane</p></details>',
    );
    expect(body).toMatch(
      /<a href="https:\/\/instagram.com\/juniper" rel="noopener"><svg class="icon"[^>]*><use href="#icon-instagram"><\/use><\/svg><span>Instagram<\/span><\/a>/,
    );
    expect(body).toContain('<span>example.org</span></a>');
    expect(body).not.toContain('javascript:alert');
    expect(body).toContain('action="/search"');
    expect(body).toContain('placeholder="Find a mug"');
    expect(body).toContain('href="https://www.openstreetmap.org/search?query=Workshop%204%2C%20Mill%20Lane"');
  });

  it('keeps older revisions and restores one into the draft', async () => {
    await call('POST', `/api/studio/pages/${pageId}/publish`, {
      layout: layoutOf(block('x', 'heading', { text: 'Second version' })),
    });
    expect((await visit('/spring-sale')).body).toContain('Second version');
    const { revisions } = (await call('GET', `/api/studio/pages/${pageId}/layout`)).json();
    expect(revisions).toHaveLength(2);
    const older = revisions.find((r: { live: boolean }) => !r.live);
    const res = await call('POST', `/api/studio/pages/${pageId}/revisions/${older.id}/restore`);
    expect(res.statusCode).toBe(200);
    const draft = (await call('GET', `/api/studio/pages/${pageId}/layout`)).json().draft;
    expect(draft.sections[0].blocks).toHaveLength(12);
    // Restoring changes the draft only; the site shows the live revision until publish.
    expect((await visit('/spring-sale')).body).toContain('Second version');
    expect((await call('POST', `/api/studio/pages/${pageId}/revisions/nope/restore`)).statusCode).toBe(404);
  });

  it('refuses a 61st block with the spec limit message', async () => {
    const blocks = Array.from({ length: 61 }, (_, i) => block(`b${i}`, 'spacer'));
    const res = await call('PUT', `/api/studio/pages/${pageId}/layout`, { layout: layoutOf(...blocks) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'A page can hold at most 60 blocks. Remove a block before adding another.',
    );
    const sixty = await call('PUT', `/api/studio/pages/${pageId}/layout`, {
      layout: layoutOf(...blocks.slice(1)),
    });
    expect(sixty.statusCode).toBe(200);
  });

  it.each([
    [{ layout: { sections: [{ id: 's', blocks: [block('a', 'marquee')] }] } }, 'type'],
    [{ layout: layoutOf(block('a', 'heading'), block('a', 'text')) }, 'used twice'],
    [{ layout: layoutOf(block('a', 'button', { href: 'javascript:alert(1)' })) }, 'href'],
    [{ layout: layoutOf(block('a', 'spacer', { height: 9999 })) }, 'height'],
    [{ layout: 'nope' }, 'layout'],
  ])('refuses a bad layout %j with 400', async (payload, message) => {
    const res = await call('POST', `/api/studio/pages/${pageId}/publish`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
  });

  it('answers the block data the preview needs (same as the site uses)', async () => {
    const tee = catalog.products.find((p) => p.title === 'Classic Tee')!;
    const res = await call('POST', '/api/studio/block-data', {
      layout: layoutOf(block('p', 'product', { productId: tee.id })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().products[tee.id]).toMatchObject({
      title: 'Classic Tee',
      fullUrl: '/shop/p/classic-tee',
    });
  });

  it('is owner-only and crumb-protected', async () => {
    const anon = await site.request({
      method: 'POST',
      url: `/api/studio/pages/${pageId}/publish`,
      payload: {},
    });
    expect(anon.statusCode).toBe(401);
    const { session } = await ownerClient(site);
    const noCrumb = await site.request({
      method: 'POST',
      url: `/api/studio/pages/${pageId}/publish`,
      crumb: false,
      cookies: { siteUserSession: session },
      payload: { layout: layoutOf() },
    });
    expect(noCrumb.statusCode).toBe(403);
  });
});
