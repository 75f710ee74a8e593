import { describe, expect, it } from 'vitest';
import { product, tee, variant } from '../../test/fixtures';
import { optionNames } from './option-names';
import { resolveVariant } from './resolve-variant';

describe('resolveVariant', () => {
  it.each([
    [{ Size: 'S', Color: 'Red' }, 'S-RED'],
    [{ Size: 'M', Color: 'Red' }, 'M-RED'],
    [{ Color: 'Blue', Size: 'S' }, 'S-BLUE'],
    [{ Size: 'M', Color: 'Blue' }, undefined],
    [{ Size: 'M' }, undefined],
    [{}, undefined],
  ])('%j → %s', (chosen, sku) => {
    expect(resolveVariant(tee(), chosen)?.sku).toBe(sku);
  });

  it('a single-variant product resolves to its variant', () => {
    expect(resolveVariant(product({ variants: [variant({ sku: 'ONLY' })] }), {})?.sku).toBe('ONLY');
  });
});

describe('optionNames', () => {
  it('follows variantOptionOrdering, then the order found in the variants', () => {
    expect(optionNames(tee({ variantOptionOrdering: ['Color'] }))).toEqual(['Color', 'Size']);
    expect(optionNames(tee({ variantOptionOrdering: undefined }))).toEqual(['Size', 'Color']);
  });
});
