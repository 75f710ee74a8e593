import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { colorWeight, websiteColor } from './color';

const ctx = fakeContext({});

describe('color-weight', () => {
  it.each([
    ['#fff', 'light'],
    ['FFF', 'light'],
    ['#000', 'dark'],
    ['800000', 'light'],
    ['7fffff', 'dark'],
    ['#ff0000', 'light'],
    ['#0000ff', 'dark'],
    ['#ffff', 'dark'],
  ])('%s is %s', (hex, weight) => {
    expect(colorWeight(hex, [], ctx, [])).toBe(weight);
  });

  it.each(['', '#', '#12', 'ggg', 'ffffff ', '#fffffff', '##fff', 'white', undefined])(
    '%s is not a colour: missing',
    (value) => {
      expect(colorWeight(value, [], ctx, [])).toBeUndefined();
    },
  );
});

describe('website-color', () => {
  it.each([
    [{ hue: 200, saturation: 0.3, lightness: 0.5, alpha: 0.9 }, 'hsla(200, 30%, 50%, 0.9)'],
    [{ hue: 110, saturation: 0.9, lightness: 1 }, 'hsl(110, 90%, 100%)'],
    [{ hue: 0.956, saturation: 0.9554, lightness: 0.9567, alpha: 0.555 }, 'hsla(0.96, 95.54%, 95.67%, 0.56)'],
    [{ hue: '10', saturation: '0.5', lightness: null }, 'hsl(10, 50%, 0%)'],
    [
      { hue: 400, saturation: -0.3, lightness: 5, alpha: 3 },
      'Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    ],
    [{ hue: 'x', saturation: 0.3, lightness: 0.5 }, 'hsl(NaN, 30%, 50%)'],
    [
      { hue: 1, saturation: 'x', lightness: -1, alpha: 'x' },
      'Saturation out of bounds. Lightness out of bounds. ',
    ],
    [{ hue: 1, saturation: [0.3], lightness: true }, 'hsl(1, 0%, 100%)'],
    [{ hue: 10, saturation: 0.5 }, 'Missing an H/S/L value.'],
    [{}, 'Missing an H/S/L value.'],
  ])('%j -> %s', (value, css) => {
    expect(websiteColor(value, [], ctx, [])).toBe(css);
  });
});
