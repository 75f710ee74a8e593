import { checkLayout, defaultProps, renderLayout } from '@store/blocks';
import { createEngine } from '@store/template';
import { describe, expect, it } from 'vitest';
import { themeFiles } from '../../src/pages/theme-files';

const engine = createEngine();
const image = {
  id: 'm1',
  assetUrl: '/media/0123456789abcdef01234567/shelf.png',
  originalSize: '1200x800',
  systemDataVariants: '100w,300w,500w,750w,1000w',
};
const entries = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ image, title: `Photo ${i + 1}`, href: i === 1 ? '/shop' : '' }));

/** The gallery block's HTML as the theme renders it (server and studio preview alike). */
function render(props: Record<string, unknown>, n = 3): string {
  const checked = checkLayout({
    sections: [{ id: 's', blocks: [{ id: 'g', type: 'gallery', props: { images: entries(n), ...props } }] }],
  });
  if (!checked.ok) throw new Error(checked.message);
  return renderLayout(checked.layout, {
    templates: themeFiles().blocks,
    compile: (source) => engine.compile(source).template,
  });
}
const check = (props: Record<string, unknown>, n = 1) =>
  checkLayout({
    sections: [{ id: 's', blocks: [{ id: 'g', type: 'gallery', props: { images: entries(n), ...props } }] }],
  });

describe('gallery block (spec §3 gallery options)', () => {
  it('has every spec default', () => {
    expect(defaultProps('gallery')).toEqual({
      images: [],
      design: 'grid',
      autoplay: false,
      autoplayDuration: 5,
      controls: false,
      autoCrop: true,
      aspectRatio: 'square',
      squareThumbs: true,
      thumbnails: false,
      thumbnailStripHeight: 80,
      thumbnailStripMargin: 20,
      showMeta: true,
      metaPosition: 'bottom',
      showMetaOnHover: false,
      activeAlignment: 'center',
      thumbnailsPerRow: 4,
      padding: 20,
      lightbox: false,
      lightboxTheme: 'dark',
      maxWidth: 300,
      newWindow: false,
      transparentBackground: false,
    });
  });

  it('renders the defaults as a grid with titles below, no script and no lightbox', () => {
    const html = render({});
    expect(html).toContain(
      'class="gallery-block gallery-block--grid gallery-ratio--square gallery-meta--bottom gallery-square-thumbs gallery-align--center" id="gallery-g" style="--gallery-columns:4;--gallery-gap:20px;--gallery-slide-width:300px;--gallery-thumb-height:80px;--gallery-thumb-margin:20px" data-autoplay="false" data-autoplay-duration="5" data-lightbox="false" data-lightbox-theme="dark"',
    );
    expect(html.match(/<figure class="gallery-item" id="gallery-g-\d"/g)).toHaveLength(3);
    expect(html).toContain('<figcaption>Photo 1</figcaption>');
    expect(html).toContain('<a class="gallery-item__link" href="/shop"><img');
    for (const absent of ['gallery-lightbox', 'gallery-thumbs', 'gallery-arrow', '<script'])
      expect(html).not.toContain(absent);
  });

  it.each(['grid', 'slideshow', 'slider', 'stacked'])('design %s', (design) => {
    expect(render({ design })).toContain(`gallery-block gallery-block--${design} `);
  });

  it.each([
    'square',
    'standard',
    'standard-vertical',
    'four-three',
    'three-four-vertical',
    'widescreen',
    'anamorphic-widescreen',
  ])('aspect ratio %s', (aspectRatio) => {
    expect(render({ aspectRatio })).toContain(` gallery-ratio--${aspectRatio} `);
  });

  it.each(['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'])(
    'meta position %s',
    (metaPosition) => {
      expect(render({ metaPosition })).toContain(` gallery-meta--${metaPosition} `);
    },
  );

  it.each([
    [{ showMeta: false }, (h: string) => !h.includes('figcaption') && !h.includes('gallery-meta--')],
    [{ showMetaOnHover: true }, (h: string) => h.includes(' gallery-meta-hover ')],
    [{ autoCrop: false }, (h: string) => h.includes(' gallery-nocrop ')],
    [{ squareThumbs: false }, (h: string) => !h.includes('gallery-square-thumbs')],
    [{ transparentBackground: true }, (h: string) => h.includes(' gallery-transparent ')],
    [{ activeAlignment: 'left' }, (h: string) => h.includes(' gallery-align--left"')],
    [{ thumbnailsPerRow: 6, padding: 0 }, (h: string) => h.includes('--gallery-columns:6;--gallery-gap:0px')],
    [{ maxWidth: 150 }, (h: string) => h.includes('--gallery-slide-width:150px')],
    [
      { thumbnailStripHeight: 120, thumbnailStripMargin: 0 },
      (h: string) => h.includes('--gallery-thumb-height:120px;--gallery-thumb-margin:0px'),
    ],
    [{ newWindow: true }, (h: string) => h.includes('href="/shop" target="_blank" rel="noopener"')],
  ])('option %o', (props, holds) => {
    expect(holds(render(props))).toBe(true);
  });

  it('a slideshow with arrows, thumbnails and autoplay links each slide to its neighbours and loads the script', () => {
    const html = render({
      design: 'slideshow',
      controls: true,
      thumbnails: true,
      autoplay: true,
      autoplayDuration: 3,
    });
    expect(html).toContain('data-autoplay="true" data-autoplay-duration="3"');
    // Arrows wrap round: the first slide's previous is the last.
    expect(html).toContain('id="gallery-g-1"><img');
    expect(html).toMatch(
      /id="gallery-g-1">[\s\S]*?href="#gallery-g-3" aria-label="Previous image">‹<\/a><a class="gallery-arrow gallery-arrow--next" href="#gallery-g-2"/,
    );
    expect(html.match(/<a href="#gallery-g-\d" aria-label="Show image \d of 3">/g)).toHaveLength(3);
    expect(html).toContain('<script type="module" src="/assets/blocks/gallery.js"></script>');
  });

  it('arrows, thumbnails and autoplay only apply to slideshow and slider designs', () => {
    const html = render({ design: 'grid', controls: true, thumbnails: true, autoplay: true });
    for (const absent of ['gallery-arrow', 'gallery-thumbs', '<script']) expect(html).not.toContain(absent);
  });

  it.each(['dark', 'light'])('a %s lightbox opens every image large, with close and neighbours', (theme) => {
    const html = render({ lightbox: true, lightboxTheme: theme });
    expect(html).toContain(
      '<a class="gallery-item__link" href="#gallery-g-2-view" aria-label="Open image 2 of 3">',
    );
    expect(html.match(new RegExp(`class="gallery-lightbox gallery-lightbox--${theme}"`, 'g'))).toHaveLength(
      3,
    );
    expect(html).toContain(
      '<div class="gallery-lightbox gallery-lightbox--' +
        theme +
        '" id="gallery-g-1-view" role="dialog" aria-label="Image 1 of 3"><a class="gallery-lightbox__close" href="#gallery-g-1" aria-label="Close">×</a><img src="/media/0123456789abcdef01234567/shelf.png?format=1500w"',
    );
    expect(html).toContain('href="#gallery-g-3-view" aria-label="Previous image"');
    expect(html).toContain('<script type="module" src="/assets/blocks/gallery.js"></script>');
  });

  it.each([
    [{ autoplayDuration: 0 }],
    [{ autoplayDuration: 11 }],
    [{ thumbnailStripHeight: 201 }],
    [{ thumbnailStripMargin: 61 }],
    [{ thumbnailsPerRow: 11 }],
    [{ padding: 51 }],
    [{ maxWidth: 99 }],
    [{ design: 'carousel' }],
    [{ lightboxTheme: 'blue' }],
    [{ metaPosition: 'middle' }],
  ])('refuses %o', (props) => {
    expect(check(props).ok).toBe(false);
  });

  it('holds at most 50 images (spec §9 gallery size)', () => {
    expect(check({}, 50).ok).toBe(true);
    const over = check({}, 51);
    expect(over.ok).toBe(false);
    expect(!over.ok && over.message).toContain('A gallery can hold at most 50 images.');
  });
});
