import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSite, createTestSite } from '../helpers/test-app';
import { backends } from '../helpers/test-db';
import { type Call, ownerClient } from './studio-helpers';

const MEDIA = '/media/0123456789abcdef01234567/workshop.jpg';
const block = (id: string, type: string, props: Record<string, unknown> = {}) => ({ id, type, props });
const at = (blockId: string, col: number, row: number, colSpan: number, rowSpan = 1) => ({
  blockId,
  col,
  row,
  colSpan,
  rowSpan,
});
const hero = {
  id: 'hero',
  blocks: [
    block('h', 'heading', { text: 'Made by hand', level: 1 }),
    block('t', 'text', { html: '<p>Small batches.</p>' }),
  ],
  background: {
    image: { src: MEDIA, focalX: 0.3, focalY: 0.6 },
    video: { url: 'https://youtu.be/dQw4w9WgXcQ' },
    overlay: 0.5,
  },
  padding: 'large',
  grid: { desktop: [at('h', 2, 1, 8), at('t', 2, 2, 6)] },
};
const plain = { id: 'plain', blocks: [block('p', 'heading', { text: 'Plain section' })] };

describe.each(backends)('sections with backgrounds and a grid on %s', (backend) => {
  let site: TestSite;
  let call: Call;
  let pageId: string;
  const visit = (url: string) => site.request({ method: 'GET', url });

  beforeAll(async () => {
    site = await createTestSite(backend);
    ({ call } = await ownerClient(site));
    pageId = (await call('POST', '/api/studio/pages', { title: 'Our story' })).json().id;
  });
  afterAll(() => site.app.close());

  it('keeps the section settings through a draft save', async () => {
    const res = await call('PUT', `/api/studio/pages/${pageId}/layout`, {
      layout: { sections: [hero, plain] },
    });
    expect(res.statusCode).toBe(200);
    const draft = (await call('GET', `/api/studio/pages/${pageId}/layout`)).json().draft;
    expect(draft.sections[0]).toMatchObject({
      background: hero.background,
      padding: 'large',
      grid: hero.grid,
    });
    expect(Object.keys(draft.sections[1])).toEqual(['id', 'blocks']);
  });

  it('publishes a gridded section with its background; a plain section renders as before', async () => {
    const published = await call('POST', `/api/studio/pages/${pageId}/publish`, {
      layout: { sections: [hero, plain] },
    });
    expect(published.statusCode).toBe(200);
    const page = await visit('/our-story');
    expect(page.statusCode).toBe(200);
    const body = page.body;
    expect(body).toContain(
      '<section class="page-section page-section--set page-section--pad-large page-section--full page-section--dark" data-section-id="hero">',
    );
    expect(body).toContain(`src="${MEDIA}?format=1500w" srcset="${MEDIA}?format=500w 500w,`);
    expect(body).toContain('style="object-position:30% 60%"');
    expect(body).toContain(
      'data-block-id="h" style="--col:2 / span 8;--row:1 / span 1;--rows:1;--phone-col:1 / span 4;--phone-row:1 / span 1;--phone-rows:1"',
    );
    expect(body).toContain(
      'data-block-id="t" style="--col:2 / span 6;--row:2 / span 1;--rows:1;--phone-col:1 / span 4;--phone-row:2 / span 1;--phone-rows:1"',
    );
    expect(body).toContain(
      '<section class="page-section" data-section-id="plain"><div class="sqs-block sqs-block-heading"',
    );
    // The background player is admitted by the page's policy, as a video block's would be.
    expect(page.headers['content-security-policy']).toContain('https://www.youtube-nocookie.com');
    expect(body).toContain('src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;mute=1');
  });

  it("serves the sections' styles in the theme stylesheet", async () => {
    const page = await visit('/our-story');
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(page.body)?.[1];
    expect(href).toBeDefined();
    const css = (await visit(href ?? '')).body;
    expect(css).toContain('.page-section--set > .section-grid {display: grid;');
    expect(css).toContain('@media (max-width: 640px)');
  });

  // Shape problems are answered by the API contract (field path, then the owner's message);
  // what only makes sense against the section's blocks by checkLayout ("Section 1: …").
  it.each([
    [{ background: { color: 'tomato' } }, 'layout.sections.0.background.color: Use a colour like #1a2b3c.'],
    [
      { background: { image: { src: MEDIA, focalX: -0.1, focalY: 0.5 } } },
      'layout.sections.0.background.image.focalX: The focal point must be between 0 and 1.',
    ],
    [
      { background: { image: { src: 'https://elsewhere.example/a.jpg', focalX: 0.5, focalY: 0.5 } } },
      'layout.sections.0.background.image.src: Choose an image from the media library.',
    ],
    [{ padding: 'enormous' }, 'layout.sections.0.padding: Padding is none, small, medium or large.'],
    [
      { grid: { desktop: [at('h', 1, 1, 14)] } },
      'layout.sections.0.grid.desktop.0.colSpan: The width in columns must be at most 12.',
    ],
    [
      { grid: { desktop: [at('h', 10, 1, 4)] } },
      'Section 1: block h reaches past column 12 of the desktop layout (12 columns).',
    ],
    [
      { grid: { desktop: [at('p', 1, 1, 4)] } },
      'Section 1: the desktop layout places block p, which is not in this section.',
    ],
  ])('refuses %j with 400 and a message', async (settings, message) => {
    const section = { id: 'hero', blocks: hero.blocks, ...settings };
    for (const [method, url] of [
      ['PUT', `/api/studio/pages/${pageId}/layout`],
      ['POST', `/api/studio/pages/${pageId}/publish`],
    ] as const) {
      const res = await call(method, url, { layout: { sections: [section, plain] } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
  });
});
