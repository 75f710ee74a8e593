import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { imageColor } from './image-color';
import { childImageMeta, coverImageMeta, image, imageMetaFormatter, imageSrcset } from './image-formatters';
import { altTextOf, focalPointOf, removeTags } from './image-meta';

const ctx = fakeContext({});
const asset = { id: 'img1', assetUrl: '/a.jpg', originalSize: '300x200', title: 'A "b"' };

describe('alt text', () => {
  it.each([
    [{ title: 'T', body: 'B', filename: 'f.png' }, 'T'],
    [{ title: '', body: '<b>bold</b><i>it</i>', filename: 'f.png' }, ' bold  it '],
    [{ title: '', body: '', filename: 'f.png' }, 'f.png'],
    [{ body: 'x'.repeat(300) }, 'x'.repeat(250)],
    [{}, ''],
  ])('%j -> %j', (item, alt) => {
    expect(altTextOf(item, ctx)).toBe(alt);
  });

  it('inside an image block the editor alt text wins, even when empty', () => {
    const block = fakeContext({ root: { blockType: 5 } });
    expect(altTextOf({ title: 'T', altText: 'alt' }, block)).toBe('alt');
    expect(altTextOf({ title: 'T' }, block)).toBe('');
  });

  it.each([
    ['a<br/>b<p x="1">c</p>', 'a b c '],
    ['a < b', 'a '],
    ['x>y', 'x y'],
    ['<<b>>', '  '],
  ])('removeTags %j', (html, text) => {
    expect(removeTags(html)).toBe(text);
  });
});

describe('focal point', () => {
  it.each([
    [{}, '0.5,0.5'],
    [{ mediaFocalPoint: { x: 0.3, y: 0.7 } }, '0.3,0.7'],
    [{ mediaFocalPoint: { y: 0.2 } }, '0,0.2'],
    [{ mediaFocalPoint: null }, '0,0'],
    [{ mediaFocalPoint: { x: '0.25abc', y: true } }, '0.25,1'],
    [{ mediaFocalPoint: { x: '', y: [2] } }, 'NaN,0'],
  ])('%j -> %s', (item, point) => {
    expect(focalPointOf(item)).toBe(point);
  });
});

describe('image-meta family', () => {
  it('lists the loader attributes, escaping the alt text', () => {
    expect(imageMetaFormatter({ ...asset, licensedAssetPreview: {}, componentKey: 'k' }, [], ctx, [])).toBe(
      'data-licensed-asset-preview="true" data-component-key="k" data-src="/a.jpg" data-image="/a.jpg" ' +
        'data-image-dimensions="300x200" data-image-focal-point="0.5,0.5" alt="A &quot;b&quot;" ',
    );
  });

  it('is missing for a missing value', () => {
    expect(imageMetaFormatter(undefined, [], ctx, [])).toBeUndefined();
  });

  it.each([
    [{ items: [{}, { title: 'second' }] }, ['1'], 'alt="second"'],
    [{ items: [{ title: 'first' }] }, [], 'alt="first"'],
  ])('child-image-meta picks the child: %j %j', (value, args, alt) => {
    expect(childImageMeta(value, args, ctx, [])).toContain(alt);
  });

  it('child-image-meta and cover-image-meta are missing without the image', () => {
    expect(childImageMeta({ items: [] }, ['2'], ctx, [])).toBeUndefined();
    expect(coverImageMeta({}, [], ctx, [])).toBeUndefined();
    expect(coverImageMeta({ coverImage: { assetUrl: '/c' } }, [], ctx, [])).toContain('data-src="/c"');
  });
});

describe('image', () => {
  it('renders a noscript fallback and the lazy image with the given class', () => {
    const out = String(image(asset, ['hero'], ctx, []));
    expect(
      out.startsWith('<noscript><img src="/a.jpg" alt="A &quot;b&quot;" /></noscript><img class="hero" '),
    ).toBe(true);
    // The lazy image's alt is escaped a second time, as the reference does.
    expect(out).toContain(
      'alt="A &amp;quot;b&amp;quot;" data-load="false" data-image-id="img1" data-type="image" />',
    );
  });

  it.each([[[]], [['a', 'b']]])('defaults the class to thumb-image for args %j', (args) => {
    expect(image(asset, args, ctx, [])).toContain('<img class="thumb-image" ');
  });
});

describe('image-srcset', () => {
  it.each([
    ['1500x983,100w,1500w', ' srcset="/a?format=100w 100w,/a?format=1500w 1500w,/a?format=original 2500w"'],
    ['100w,2500w', ' srcset="/a?format=100w 100w,/a?format=2500w 2500w"'],
    ['150w,350w', ' srcset="/a?format=150w 150w,/a?format=350w 350w"'],
    ['300w,100w', ' srcset="/a?format=300w 300w,/a?format=100w 100w,/a?format=original 300w"'],
    ['', undefined],
  ])('%s', (variants, out) => {
    expect(imageSrcset({ assetUrl: '/a', systemDataVariants: variants }, [], ctx, [])).toBe(out);
  });

  it('passes non-objects through', () => {
    expect(imageSrcset('keep', [], ctx, [])).toBe('keep');
  });
});

describe('image-color', () => {
  const colors = { colorData: { topLeftAverage: '111', centerAverage: '555' } };
  it.each([
    [
      colors,
      [],
      'data-color-topLeft="#111" data-color-topRight="#" data-color-bottomLeft="#" data-color-bottomRight="#" data-color-center="#555" ',
    ],
    [colors, ['center'], '#555'],
    [colors, ['topLeft', 'color'], 'color: #111'],
    [colors, ['bottomLeft'], '"bottomLeft" not found.'],
    [{ colorData: { centerAverage: 0 } }, ['center'], '#0'],
    [{ colorData: { centerAverage: {} } }, ['center'], '"center" not found.'],
    [{}, [], undefined],
  ])('%j %j', (value, args, out) => {
    expect(imageColor(value, args, ctx, [])).toBe(out);
  });
});
