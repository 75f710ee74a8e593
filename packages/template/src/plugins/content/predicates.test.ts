import { describe, expect, it } from 'vitest';
import type { Predicate } from '../../plugin-api';
import { fakeContext } from '../../testing/fake-context';
import { contentPlugin } from './index';

const preds = contentPlugin.predicates as Record<string, Predicate>;
const test = (name: string, node: unknown, args: string[] = [], root?: unknown) => {
  const predicate = preds[name];
  if (!predicate) throw new Error(`no predicate ${name}`);
  return predicate(args, fakeContext({ node, root }));
};

describe('content predicates on the current node', () => {
  it.each([
    ['calendar-view?', { calendarView: true }, true],
    ['calendar-view?', { calendarView: false }, false],
    ['child-images?', { items: [{ systemDataId: 'x' }] }, true],
    ['child-images?', { items: [] }, false],
    ['clickable?', {}, true],
    ['clickable?', { folderBehavior: 2 }, true],
    ['clickable?', { folderBehavior: 3 }, false],
    ['redirect?', { folderBehavior: 2 }, true],
    ['redirect?', { folderBehavior: 1 }, false],
    ['collection?', { collection: { id: 1 } }, true],
    ['collection-page?', { collection: { type: 10 } }, true],
    ['collection-template-page?', { type: 7 }, true],
    ['collection-template-page?', { collection: {}, type: 7 }, false],
    ['excerpt?', { excerpt: { html: '<p>x</p>' } }, true],
    ['excerpt?', { excerpt: '<p> \u00a0\u200b</p>' }, false],
    ['excerpt?', { excerpt: 123 }, false],
    ['excerpt?', { excerpt: 'text<b' }, true],
    ['excerpt?', { excerpt: '<b' }, false],
    ['excerpt?', { excerpt: '\u200c' }, true],
    ['external-link?', { externalLink: 'http://x' }, true],
    ['folder?', { collection: { folder: true } }, true],
    ['index?', { collection: { folder: true, folderBehavior: 1 } }, true],
    ['index?', { collection: { folder: true, folderBehavior: '1' } }, false],
    ['has-multiple?', [1, 2], true],
    ['has-multiple?', { a: 1 }, false],
    ['location?', { location: { mapLat: 0, mapLng: 0 } }, true],
    ['location?', { location: { mapLat: 1 } }, false],
    ['main-image?', { mainImageId: 'm' }, true],
    ['passthrough?', { passthrough: true, sourceUrl: 'u' }, true],
    ['passthrough?', { passthrough: true, sourceUrl: '' }, false],
    ['same-day?', { startDate: 1384518630000, endDate: 1384515030000 }, true],
    ['same-day?', { startDate: 1384518630000, endDate: 1384605030000 }, false],
    ['serviceNameEmail?', { serviceName: 'email' }, true],
    ['show-past-events?', { showPastOrUpcomingEvents: 'upcoming' }, false],
  ])('%s %j -> %s', (name, node, expected) => {
    expect(test(name, node)).toBe(expected);
  });

  it.each([
    ['foo', true],
    ['bar', false],
  ])('collectionTypeNameEquals? %s', (arg, expected) => {
    expect(test('collectionTypeNameEquals?', { typeName: 'foo' }, [arg])).toBe(expected);
    expect(test('collectionTypeNameEquals?', { typeName: 'foo' })).toBe(false);
  });
});

describe('record types, promoted blocks, background sources', () => {
  it.each([
    ['undefined?', -1],
    ['text?', 1],
    ['image?', 2],
    ['quote?', 4],
    ['link?', 5],
    ['audio?', 7],
    ['video?', 8],
    ['external-video?', 8],
    ['store-item?', 11],
    ['event?', 12],
    ['gallery?', 14],
    ['binary?', 15],
    ['kbarticle?', 54],
  ])('%s matches recordType %i only', (name, code) => {
    expect(test(name, { recordType: code })).toBe(true);
    expect(test(name, { recordType: code + 100 })).toBe(false);
  });

  it.each(['image', 'quote', 'link', 'video', 'gallery'])('%s? also matches a promoted %s block', (block) => {
    expect(test(`${block}?`, { promotedBlockType: block })).toBe(true);
  });

  it.each(['map', 'embed', 'code', 'twitter', 'form'])('promoted%s?', (block) => {
    const name = `promoted${block.toUpperCase()}?`;
    expect(test(name, { promotedBlockType: block })).toBe(true);
    expect(test(name, { promotedBlockType: block.toUpperCase() })).toBe(false);
  });

  it.each([
    ['undefined', -1],
    ['upload', 1],
    ['instagram', 2],
    ['video', 3],
    ['none', 4],
  ])('background-source-%s?', (name, code) => {
    expect(test(`background-source-${name}?`, { backgroundSource: code })).toBe(true);
    expect(test(`background-source-${name}?`, { backgroundSource: 9 })).toBe(false);
  });
});

describe('gallery options', () => {
  const options = {
    design: 'slider',
    'meta-position': 'top-left',
    'active-alignment': 'right',
    autoplay: true,
  };
  it.each([
    ['gallery-design-slider?', true],
    ['gallery-design-grid?', false],
    ['gallery-meta-position-top-left?', true],
    ['gallery-meta-position-top?', false],
    ['gallery-active-alignment-right?', true],
    ['gallery-autoplay?', true],
    ['gallery-lightbox?', false],
    ['gallery-meta?', false],
  ])('%s', (name, expected) => {
    expect(test(name, {}, [], { options })).toBe(expected);
  });

  it('gallery-meta? needs controls or indicators', () => {
    expect(test('gallery-meta?', { options: { indicators: true } })).toBe(true);
  });
});
