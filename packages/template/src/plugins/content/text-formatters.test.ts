import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { itemClasses, slugify } from './item-classes';
import { absUrl, audioPlayer, capitalize, humanizeDuration } from './text-formatters';
import { video } from './video';

const ctx = fakeContext({});

describe('small text formatters', () => {
  it.each([
    ['index', 'https://ex.com/p/index'],
    ['', 'https://ex.com/p/'],
  ])('AbsUrl %s', (path, out) => {
    expect(absUrl(path, [], fakeContext({ root: { 'base-url': 'https://ex.com/p' } }), [])).toBe(out);
  });

  it.each([
    ['Tea', 'TEA'],
    [12, '12'],
    [{ a: 1 }, ''],
  ])('capitalize %j', (value, out) => {
    expect(capitalize(value, [], ctx, [])).toBe(out);
  });

  it.each([
    [125000, '2:05'],
    [59999, '0:59'],
    [3725000, '62:05'],
    ['5000', '0:05'],
    [-65000, '-1:-5'],
    [undefined, '0:00'],
  ])('humanizeDuration %j', (ms, out) => {
    expect(humanizeDuration(ms, [], ctx, [])).toBe(out);
  });

  it('audio-player names the asset and item', () => {
    const out = String(
      audioPlayer({ id: 'i9', structuredContent: { audioAssetUrl: '/s.mp3' } }, [], ctx, []),
    );
    expect(out).toContain('data-audio-asset-url="/s.mp3" data-item-id="i9" id="audio-player-i9"');
    expect(out.startsWith("<script>Y.use('squarespace-audio-player-frontend');</script>\n")).toBe(true);
  });
});

describe('item-classes', () => {
  it.each([
    ['Big Map', 'big-map'],
    ['C&d  e', 'cd-e'],
    ['Émile', 'émile'],
  ])('slugify %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it('collects classes from the scope', () => {
    const data = {
      promotedBlockType: 'map',
      categories: ['News Items'],
      tags: ['a b'],
      author: { displayName: 'Jo Ann' },
      recordTypeLabel: 'text',
      starred: true,
    };
    expect(itemClasses(data, [], fakeContext({ node: data, index: 2 }), [])).toBe(
      'hentry promoted promoted-block-map category-news-items tag-a-b author-jo-ann post-type-text article-index-2 featured',
    );
  });

  it.each([
    [{ productType: 2, onSale: true }, 'on-sale'],
    [{ productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] }, 'on-sale sold-out'],
    [{ productType: 1, variants: [{ qtyInStock: 3 }] }, ''],
    [{ productType: 3, variants: [{ unlimited: true }] }, ''],
    [{ productType: 9 }, 'sold-out'],
    [{ productType: 4 }, ''],
  ])('store item state %j', (structuredContent, extra) => {
    const item = { recordType: 11, recordTypeLabel: 'store-item', structuredContent };
    const out = itemClasses(item, [], fakeContext({ node: item }), []);
    expect(out).toBe(`hentry post-type-store-item${extra ? ` ${extra}` : ''}`);
  });

  it('lists array categories element by element and object ones as empty entries', () => {
    const data = { categories: ['A', null], tags: { k: 'v' } };
    expect(itemClasses(data, [], fakeContext({ node: data }), [])).toBe(
      'hentry category-a category- tag- post-type-',
    );
  });

  it('ignores store state for other record types', () => {
    const item = { recordType: 1, structuredContent: { productType: 9 } };
    expect(itemClasses(item, [], fakeContext({ node: item }), [])).toBe('hentry post-type-');
  });
});

describe('video', () => {
  const base = { oembed: { html: '<b x="1">', providerName: 'yt' }, assetUrl: '/v', originalSize: '10x10' };

  it('wraps the escaped oEmbed html without an overlay', () => {
    expect(video(base, [], ctx, [])).toBe(
      '<div class="sqs-video-wrapper" data-html="&lt;b x=&quot;1&quot;&gt;" data-provider-name="yt"></div>',
    );
  });

  it('adds data-load and a thumbnail overlay with colour hints on request', () => {
    const out = String(
      video(
        { ...base, overlay: true, mainImageId: 'm', colorData: { centerAverage: 'abc' } },
        ['load-false', 'color-data'],
        ctx,
        [],
      ),
    );
    expect(out).toContain('<div class="sqs-video-wrapper"  data-load="false" data-html=');
    expect(out).toContain(
      '<img data-load="false" data-src="/v" data-image-dimensions="10x10" data-image-focal-point="0.5,0.5"',
    );
    expect(out).toContain('data-color-topleft="#" ');
    expect(out).toContain('data-color-center="#abc" />');
  });

  it('marks an overlay without thumbnail', () => {
    expect(video({ ...base, overlay: true }, [], ctx, [])).toContain(
      '<div class="sqs-video-overlay no-thumb" style="opacity: 0;"><div class="sqs-video-opaque"> </div>',
    );
  });
});
