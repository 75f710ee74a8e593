import { describe, expect, it } from 'vitest';
import { optionCombinations, variantGrid } from './variant-grid';

interface V {
  id?: string;
  sku: string;
  priceCents: number;
  attributes: Record<string, string>;
}

const blank = (attributes: Record<string, string>, like?: V): V => ({
  sku: '',
  priceCents: like?.priceCents ?? 0,
  attributes,
});

describe('optionCombinations', () => {
  it.each([
    [[], [{}]],
    [[{ name: 'Size', values: ['S', 'M'] }], [{ Size: 'S' }, { Size: 'M' }]],
    [
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red', 'Blue'] },
      ],
      [
        { Size: 'S', Color: 'Red' },
        { Size: 'S', Color: 'Blue' },
        { Size: 'M', Color: 'Red' },
        { Size: 'M', Color: 'Blue' },
      ],
    ],
    // Blank and repeated values are dropped; an option without values yields nothing.
    [[{ name: 'Size', values: ['S', ' ', 'S '] }], [{ Size: 'S' }]],
    [[{ name: 'Size', values: [] }], []],
  ])('%j → %j', (options, expected) => {
    expect(optionCombinations(options)).toEqual(expected);
  });
});

describe('variantGrid', () => {
  const s: V = { id: 'v-s', sku: 'T-S', priceCents: 2000, attributes: { Size: 'S' } };
  const m: V = { id: 'v-m', sku: 'T-M', priceCents: 2200, attributes: { Size: 'M' } };

  it('keeps existing variants whose attributes match and makes the new combinations', () => {
    const grid = variantGrid([{ name: 'Size', values: ['S', 'M', 'L'] }], [s, m], blank);
    expect(grid).toEqual([s, m, { sku: '', priceCents: 0, attributes: { Size: 'L' } }]);
  });

  it('drops variants of a removed value', () => {
    expect(variantGrid([{ name: 'Size', values: ['M'] }], [s, m], blank)).toEqual([m]);
  });

  it('adding an option keeps each variant on its first combination and carries its price to the others', () => {
    const grid = variantGrid(
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Color', values: ['Red', 'Blue'] },
      ],
      [s, m],
      blank,
    );
    expect(grid).toEqual([
      { ...s, attributes: { Size: 'S', Color: 'Red' } },
      { sku: '', priceCents: 2000, attributes: { Size: 'S', Color: 'Blue' } },
      { ...m, attributes: { Size: 'M', Color: 'Red' } },
      { sku: '', priceCents: 2200, attributes: { Size: 'M', Color: 'Blue' } },
    ]);
  });

  it('removing an option keeps one variant per remaining combination (the first)', () => {
    const sr: V = { id: 'a', sku: 'A', priceCents: 1, attributes: { Size: 'S', Color: 'Red' } };
    const sb: V = { id: 'b', sku: 'B', priceCents: 2, attributes: { Size: 'S', Color: 'Blue' } };
    expect(variantGrid([{ name: 'Size', values: ['S'] }], [sr, sb], blank)).toEqual([
      { ...sr, attributes: { Size: 'S' } },
    ]);
  });

  it('a product without options keeps its single variant', () => {
    const only: V = { id: 'x', sku: 'X', priceCents: 5, attributes: {} };
    expect(variantGrid([], [only], blank)).toEqual([only]);
  });

  it('never hands out one existing variant twice', () => {
    const grid = variantGrid([{ name: 'Size', values: ['S', 'M'] }], [{ ...s, attributes: {} }], blank);
    expect(grid.filter((v) => v.id === 'v-s')).toHaveLength(1);
    expect(grid).toHaveLength(2);
  });
});
