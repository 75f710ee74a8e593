import { describe, expect, it } from 'vitest';
import { product, variant } from '../../test/fixtures';
import { isOnSale } from './is-on-sale';
import { ProductType } from './product-types';

const sale = variant({ onSale: true, salePriceCents: 500 });
const full = variant();

describe('isOnSale', () => {
  it.each([
    ['physical, a variant on sale', ProductType.PHYSICAL, [full, sale], undefined, true],
    ['physical, none on sale', ProductType.PHYSICAL, [full], true, false],
    ['service, a variant on sale', ProductType.SERVICE, [sale], undefined, true],
    ['digital, item on sale', ProductType.DIGITAL, [full], true, true],
    ['digital, variant on sale but item not', ProductType.DIGITAL, [sale], false, false],
    ['gift card never', ProductType.GIFT_CARD, [sale], true, false],
  ])('%s → %s', (_name, productType, variants, onSale, expected) => {
    expect(isOnSale(product({ productType, variants, onSale }))).toBe(expected);
  });
});
