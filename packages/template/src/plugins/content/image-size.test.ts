import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import {
  height,
  INVALID_SIZE,
  resizedHeightForWidth,
  resizedWidthForHeight,
  squarespaceThumbnailForHeight,
  squarespaceThumbnailForWidth,
  thumbnailForWidth,
  width,
} from './image-size';

const ctx = fakeContext({});

describe('width / height', () => {
  it.each([
    ['800x400', 800, 400],
    ['x100', Number.NaN, 100],
    ['10.5x20', 10, 20],
  ])('%s splits into its parts', (value, w, h) => {
    expect(width(value, [], ctx, [])).toBe(w);
    expect(height(value, [], ctx, [])).toBe(h);
  });

  it.each(['100', '1x2x3', 42, undefined])('%s is not a size: missing', (value) => {
    expect(width(value, [], ctx, [])).toBeUndefined();
    expect(height(value, [], ctx, [])).toBeUndefined();
  });
});

describe('resized sizes', () => {
  it.each([
    ['250x175', '50', 35, 71],
    ['400x100', '50', 12, 200],
    ['800x400', '50', 25, 100],
    ['10x20', 'x', 0, 0],
    ['0x10', '10', 0, 0],
  ])('%s at %s', (size, arg, h, w) => {
    expect(resizedHeightForWidth(size, [arg], ctx, [])).toBe(h);
    expect(resizedWidthForHeight(size, [arg], ctx, [])).toBe(w);
  });

  it('reports a bad source size', () => {
    expect(resizedHeightForWidth('abc', ['10'], ctx, [])).toBe(INVALID_SIZE);
    expect(squarespaceThumbnailForHeight(undefined, ['10'], ctx, [])).toBe(INVALID_SIZE);
  });
});

describe('thumbnail choice', () => {
  it.each([
    [0, '100w'],
    [100, '100w'],
    [101, '300w'],
    [300, '300w'],
    [301, '500w'],
    [501, '750w'],
    [751, '1000w'],
    [1000, '1000w'],
    [1001, '1500w'],
    [9999, '1500w'],
  ])('width %i -> %s', (w, name) => {
    expect(thumbnailForWidth(w)).toBe(name);
    expect(squarespaceThumbnailForWidth('ignored', [String(w)], ctx, [])).toBe(name);
  });

  it.each([
    ['250x175', '50', '100w'],
    ['400x100', '50', '300w'],
    ['100x10', '100', '1000w'],
    ['200x10', '100', '1500w'],
  ])('for height: %s at %s -> %s', (size, h, name) => {
    expect(squarespaceThumbnailForHeight(size, [h], ctx, [])).toBe(name);
  });
});
