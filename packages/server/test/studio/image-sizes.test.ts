import { checkLayout, renderLayout } from '@store/blocks';
import { createEngine } from '@store/template';
import { describe, expect, it } from 'vitest';
import { themeFiles } from '../../src/pages/theme-files';

const engine = createEngine();
const image = {
  id: 'm1',
  assetUrl: '/media/0123456789abcdef01234567/shelf.png',
  originalSize: '2500x1600',
  systemDataVariants: '100w,300w,500w,750w,1000w,1500w,2500w',
};

/** One block as the theme renders it (server and studio preview alike). */
function render(type: string, props: Record<string, unknown>): string {
  const checked = checkLayout({ sections: [{ id: 's', blocks: [{ id: 'b', type, props }] }] });
  if (!checked.ok) throw new Error(checked.message);
  return renderLayout(checked.layout, {
    templates: themeFiles().blocks,
    compile: (source) => engine.compile(source).template,
  });
}

/** The `sizes` of the slides (the lightbox views are always the whole screen). */
const slideSizes = (html: string) =>
  [...html.matchAll(/<figure class="gallery-item"[\s\S]*?sizes="([^"]*)"/g)].map((m) => m[1]);

/**
 * What the browser would pick from a `sizes` list at a viewport width: the first entry whose
 * media condition holds, evaluated for px, vw and calc(a - b) / n * m forms used by the theme.
 */
function drawnWidth(sizes: string, viewport: number): number {
  const entries = sizes.split(/,\s*(?![^()]*\))/);
  for (const entry of entries) {
    const m = /^\(max-width: (\d+)px\) (.+)$/.exec(entry.trim());
    if (m && viewport > Number(m[1])) continue;
    const length = (m?.[2] ?? entry).trim();
    const expr = length
      .replace(/^calc/, '')
      .replace(/(\d+(?:\.\d+)?)vw/g, (_, n) => String((Number(n) * viewport) / 100))
      .replace(/px/g, '');
    return Number(Function(`return (${expr})`)());
  }
  throw new Error(`no size in ${sizes}`);
}

describe('image sizes follow the layout', () => {
  it('a slideshow and a stacked gallery are as wide as the page column, not a third of it', () => {
    for (const design of ['slideshow', 'stacked']) {
      const [sizes] = slideSizes(render('gallery', { design, images: [{ image, title: 'A' }] }));
      expect(sizes, design).not.toContain('33vw');
      expect(drawnWidth(sizes ?? '', 1280), design).toBe(1120);
      expect(drawnWidth(sizes ?? '', 390), design).toBe(350);
    }
  });

  it('a grid gallery draws each image one column wide: its own columns, two on phones', () => {
    const [sizes] = slideSizes(
      render('gallery', {
        design: 'grid',
        thumbnailsPerRow: 3,
        padding: 20,
        images: [{ image, title: 'A' }],
      }),
    );
    // Three columns in 1120 px with two 20 px gaps.
    expect(drawnWidth(sizes ?? '', 1280)).toBeCloseTo((1120 - 40) / 3, 1);
    expect(drawnWidth(sizes ?? '', 900)).toBeCloseTo((900 - 40 - 40) / 3, 1);
    // Two columns with one gap on a phone.
    expect(drawnWidth(sizes ?? '', 390)).toBeCloseTo((390 - 40 - 20) / 2, 1);
  });

  it('a slider draws its slides at the slider width, 85% of the column on narrow screens', () => {
    const [sizes] = slideSizes(
      render('gallery', { design: 'slider', maxWidth: 250, images: [{ image, title: 'A' }] }),
    );
    expect(drawnWidth(sizes ?? '', 1280)).toBe(250);
    expect(drawnWidth(sizes ?? '', 300)).toBeCloseTo(0.85 * (300 - 40), 1);
  });

  it('an image block is as wide as its design draws it', () => {
    const sizesOf = (variant: string) =>
      /sizes="([^"]*)"/.exec(render('image', { image, variant, alt: 'Shelf' }))?.[1] ?? '';
    expect(drawnWidth(sizesOf('inline'), 1280)).toBe(1120);
    expect(drawnWidth(sizesOf('poster'), 390)).toBe(350);
    expect(drawnWidth(sizesOf('card'), 1280)).toBe(498);
    expect(drawnWidth(sizesOf('card'), 390)).toBe(390 - 62);
    expect(drawnWidth(sizesOf('overlap'), 1280)).toBeCloseTo(746.67, 1);
  });
});
