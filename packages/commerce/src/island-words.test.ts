import { describe, expect, it } from 'vitest';
import { CART_ERRORS } from './errors';
import { ISLAND_WORDS, islandWord, islandWordGroup } from './island-words';

describe('island words', () => {
  it('falls back to the English default when the page has no translation', () => {
    expect(islandWord(undefined, 'cartApply')).toBe('Apply');
    expect(islandWord({}, 'checkoutPlaceOrder')).toBe('Place order');
    expect(islandWord({ cartApply: '' }, 'cartApply')).toBe('Apply');
    // The spec's fixed message stays the default.
    expect(islandWord({}, 'cartEmpty')).toBe(CART_ERRORS.CART_EMPTY);
  });

  it('uses the page translation when there is one', () => {
    const strings = { cartApply: 'Appliquer', checkoutPlaceOrder: 'Commander' };
    expect(islandWord(strings, 'cartApply')).toBe('Appliquer');
    expect(islandWord(strings, 'checkoutPlaceOrder')).toBe('Commander');
    expect(islandWord(strings, 'cartTotal')).toBe('Total');
  });

  it('fills placeholders in the default and in a translation, keeping unknown ones', () => {
    expect(islandWord({}, 'cartRemoveItem', { title: 'Mug' })).toBe('Remove Mug');
    expect(islandWord({ cartRemoveItem: 'Retirer {title}' }, 'cartRemoveItem', { title: 'Tasse' })).toBe(
      'Retirer Tasse',
    );
    expect(islandWord({ cartRemoveItem: 'Retirer {name}' }, 'cartRemoveItem', { title: 'Tasse' })).toBe(
      'Retirer {name}',
    );
    expect(islandWord({}, 'cartMinimumSubtotal', { amount: '$20.00' })).toBe(
      'To check out, your order subtotal must be $20.00 or more.',
    );
  });

  it('groups every word for the translation screen and only those', () => {
    for (const key of Object.keys(ISLAND_WORDS)) expect(islandWordGroup(key)).not.toBeNull();
    expect(islandWordGroup('cartApply')).toBe('Cart');
    expect(islandWordGroup('checkoutPlaceOrder')).toBe('Checkout');
    expect(islandWordGroup('restockSubmit')).toBe('Back in stock');
    expect(islandWordGroup('reviewsWrite')).toBe('Reviews');
    expect(islandWordGroup('cart')).toBeNull();
    expect(islandWordGroup('reviews')).toBeNull();
  });
});
