import { describe, expect, it } from 'vitest';
import { filterByTitle, filterImages, gridKeyTarget, matchesQuery, moveItem, toggleId } from './filter';

describe('picker search', () => {
  it('matches every word, in any order, ignoring case and accents', () => {
    expect(matchesQuery('', 'anything')).toBe(true);
    expect(matchesQuery('tee CLASSIC', 'Classic Tee')).toBe(true);
    expect(matchesQuery('cafe', 'Café au lait')).toBe(true);
    expect(matchesQuery('classic mug', 'Classic Tee')).toBe(false);
    expect(matchesQuery('tee', null, undefined, 'Classic Tee')).toBe(true);
  });

  it('finds images by file name, title or alt text, and only images', () => {
    const media = [
      { id: '1', kind: 'image', filename: 'storefront.png', title: '', altText: 'Our shop window' },
      { id: '2', kind: 'image', filename: 'kiln.jpg', title: 'The kiln', altText: '' },
      { id: '3', kind: 'video', filename: 'shop-tour.mp4', title: '', altText: '' },
    ];
    expect(filterImages(media, '').map((m) => m.id)).toEqual(['1', '2']);
    expect(filterImages(media, 'shop').map((m) => m.id)).toEqual(['1']);
    expect(filterImages(media, 'window').map((m) => m.id)).toEqual(['1']);
    expect(filterImages(media, 'kiln').map((m) => m.id)).toEqual(['2']);
    expect(filterImages(media, 'tour')).toEqual([]);
  });

  it('finds products and pages by title or address', () => {
    const items = [
      { title: 'Classic Tee', fullUrl: '/shop/p/classic-tee' },
      { title: 'Canvas Tote', fullUrl: '/shop/p/canvas-tote' },
    ];
    expect(filterByTitle(items, 'tote')).toEqual([items[1]]);
    expect(filterByTitle(items, '/shop/p')).toEqual(items);
    expect(filterByTitle(items, 'mug')).toEqual([]);
  });
});

describe('gallery order', () => {
  it('moves an entry up or down, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('toggles a choice, keeping the order chosen', () => {
    expect(toggleId(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleId(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
  });
});

describe('grid keys', () => {
  it('moves by one across, by a row up and down, to the ends with Home and End', () => {
    expect(gridKeyTarget('ArrowRight', 0, 10, 4)).toBe(1);
    expect(gridKeyTarget('ArrowLeft', 0, 10, 4)).toBe(0);
    expect(gridKeyTarget('ArrowDown', 1, 10, 4)).toBe(5);
    expect(gridKeyTarget('ArrowDown', 8, 10, 4)).toBe(9);
    expect(gridKeyTarget('ArrowUp', 5, 10, 4)).toBe(1);
    expect(gridKeyTarget('Home', 7, 10, 4)).toBe(0);
    expect(gridKeyTarget('End', 0, 10, 4)).toBe(9);
    expect(gridKeyTarget('Enter', 0, 10, 4)).toBeNull();
    expect(gridKeyTarget('ArrowRight', 0, 0, 4)).toBeNull();
  });
});
