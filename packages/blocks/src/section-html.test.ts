import { describe, expect, it } from 'vitest';
import type { Layout, Section } from './layout';
import { renderLayout } from './render-layout';

// A stand-in engine: each block shows its type and id, enough to see where it lands.
const options = {
  templates: { heading: 'H', text: 'T', image: 'I' },
  compile: (source: string) => ({
    render: (data: unknown) => `${source}:${(data as { blockId: string }).blockId}`,
  }),
};
const render = (section: Partial<Section>) =>
  renderLayout({ sections: [{ id: 's1', blocks: [], ...section }] } as Layout, options);
const heading = (id: string) => ({ id, type: 'heading' as const, props: {} });
const MEDIA = '/media/0123456789abcdef01234567/shop.jpg';

describe('renderLayout: sections with settings', () => {
  it('renders a section without settings exactly as before', () => {
    expect(render({ blocks: [heading('a'), heading('b')] })).toBe(
      '<section class="page-section" data-section-id="s1">' +
        '<div class="sqs-block sqs-block-heading" data-block-type="heading" data-block-id="a">H:a</div>' +
        '<div class="sqs-block sqs-block-heading" data-block-type="heading" data-block-id="b">H:b</div></section>',
    );
  });

  it('places grid blocks with desktop and derived phone cells, in reading order', () => {
    const html = render({
      blocks: [heading('a'), heading('b')],
      grid: {
        desktop: [
          { blockId: 'a', col: 7, row: 1, colSpan: 6, rowSpan: 2 },
          { blockId: 'b', col: 1, row: 1, colSpan: 6, rowSpan: 1 },
        ],
      },
    });
    expect(html).toContain(
      '<div class="section-content section-grid" style="--columns:12;--phone-columns:4">',
    );
    // b comes first: it is left of a on the same row.
    expect(html.indexOf('data-block-id="b"')).toBeLessThan(html.indexOf('data-block-id="a"'));
    expect(html).toContain(
      'data-block-id="b" style="--col:1 / span 6;--row:1 / span 1;--rows:1;--phone-col:1 / span 4;--phone-row:1 / span 1;--phone-rows:1"',
    );
    expect(html).toContain(
      'data-block-id="a" style="--col:7 / span 6;--row:1 / span 2;--rows:2;--phone-col:1 / span 4;--phone-row:2 / span 2;--phone-rows:2"',
    );
    expect(html).not.toContain('page-section--full');
  });

  it("uses the owner's phone arrangement when there is one", () => {
    const html = render({
      blocks: [heading('a'), heading('b')],
      grid: {
        desktop: [
          { blockId: 'a', col: 1, row: 1, colSpan: 6, rowSpan: 1 },
          { blockId: 'b', col: 7, row: 1, colSpan: 6, rowSpan: 1 },
        ],
        phone: [
          { blockId: 'b', col: 1, row: 1, colSpan: 4, rowSpan: 1 },
          { blockId: 'a', col: 2, row: 2, colSpan: 2, rowSpan: 1 },
        ],
      },
    });
    expect(html).toContain(
      'data-block-id="a" style="--col:1 / span 6;--row:1 / span 1;--rows:1;--phone-col:2 / span 2;--phone-row:2 / span 1;--phone-rows:1"',
    );
    expect(html).toContain(
      'data-block-id="b" style="--col:7 / span 6;--row:1 / span 1;--rows:1;--phone-col:1 / span 4;--phone-row:1 / span 1;--phone-rows:1"',
    );
  });

  it('paints a dark colour full width with light text, and padding', () => {
    const html = render({ blocks: [heading('a')], background: { color: '#102030' }, padding: 'large' });
    expect(html).toContain(
      '<section class="page-section page-section--set page-section--pad-large page-section--full page-section--dark" data-section-id="s1" style="background-color:#102030">',
    );
    expect(html).toContain('<div class="section-content"><div class="sqs-block');
    expect(render({ blocks: [], background: { color: '#f4efe6' } })).not.toContain('--dark');
  });

  it('shows a library image with its focal point and every width, darkened by the overlay', () => {
    const html = render({
      blocks: [heading('a')],
      background: { image: { src: MEDIA, focalX: 0.25, focalY: 0.8 }, overlay: 0.45 },
    });
    expect(html).toContain(`src="${MEDIA}?format=1500w" srcset="${MEDIA}?format=500w 500w,`);
    expect(html).toContain(`${MEDIA}?format=2500w 2500w" sizes="100vw" alt="" fetchpriority="high"`);
    expect(html).toContain('style="object-position:25% 80%"');
    expect(html).toContain('<div class="section-background" aria-hidden="true">');
    expect(html).toContain('<div class="section-background__overlay" style="opacity:0.45"></div>');
    expect(html).toContain('page-section--dark');
  });

  it('lazy-loads the image of a later section and keeps a described image visible to screen readers', () => {
    const layout: Layout = {
      sections: [
        { id: 's0', blocks: [] },
        {
          id: 's1',
          blocks: [],
          background: { image: { src: MEDIA, focalX: 0.5, focalY: 0.5, alt: 'Our workshop' } },
        },
      ],
    };
    const html = renderLayout(layout, options);
    expect(html).toContain('alt="Our workshop" loading="lazy"');
    expect(html).toContain('<div class="section-background"><img');
    expect(html).not.toContain('page-section--dark');
  });

  it('plays a video of the site muted and looping, and a YouTube link through its background player', () => {
    const file = render({
      background: {
        video: { url: '/media/0123456789abcdef01234567/waves.mp4' },
        image: { src: MEDIA, focalX: 0.5, focalY: 0.5 },
      },
    });
    expect(file).toContain(
      `<video class="section-background__video" src="/media/0123456789abcdef01234567/waves.mp4" poster="${MEDIA}?format=1500w" autoplay muted loop playsinline`,
    );
    const yt = render({ background: { video: { url: 'https://youtu.be/dQw4w9WgXcQ' } } });
    expect(yt).toContain(
      'src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&amp;mute=1&amp;loop=1&amp;playlist=dQw4w9WgXcQ&amp;controls=0&amp;playsinline=1&amp;rel=0"',
    );
    const vimeo = render({ background: { video: { url: 'https://vimeo.com/76979871' } } });
    expect(vimeo).toMatch(/src="https:\/\/player\.vimeo\.com\/video\/76979871\?[^"]*background=1"/);
    // Anything else plays nothing (the page's policy would refuse it anyway).
    expect(render({ background: { video: { url: 'https://evil.example/x.mp4' } } })).not.toMatch(
      /<video|<iframe/,
    );
  });

  it('escapes what it writes into attributes', () => {
    const html = render({
      id: 's"1',
      blocks: [],
      background: { image: { src: '/a".jpg', focalX: 0, focalY: 0, alt: '"<b>' } },
    });
    expect(html).toContain('data-section-id="s&quot;1"');
    expect(html).toContain('src="/a&quot;.jpg"');
    expect(html).toContain('alt="&quot;&lt;b>"');
  });
});

describe('text colour on a background', () => {
  const image = { src: MEDIA, focalX: 0.5, focalY: 0.5 };
  it.each([
    ['a dark colour, automatic', { color: '#102030' }, true],
    ['a light colour, automatic', { color: '#f4efe6' }, false],
    ['an image without overlay, automatic', { image }, false],
    ['an image darkened by 30%, automatic', { image, overlay: 0.3 }, true],
    ['an image the owner marks as dark', { image, text: 'light' as const }, true],
    ['a dark colour the owner wants dark text on', { color: '#102030', text: 'dark' as const }, false],
  ])('%s → light text: %s', (_what, background, light) => {
    expect(render({ blocks: [heading('a')], background }).includes('page-section--dark')).toBe(light);
  });

  it('is refused when it is neither light nor dark', async () => {
    const { checkLayout } = await import('./layout');
    const checked = checkLayout({
      sections: [{ id: 's', blocks: [], background: { color: '#102030', text: 'blue' } }],
    });
    expect(checked).toMatchObject({ ok: false });
    expect(checked.ok ? '' : checked.message).toContain('Text on a background is light or dark.');
  });
});
