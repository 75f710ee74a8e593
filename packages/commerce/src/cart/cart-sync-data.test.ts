import { describe, expect, it } from 'vitest';
import { cartSyncData } from './cart-sync-data';

describe('cartSyncData', () => {
  it.each([
    [0, 0, 'USD', { items: 0, subtotal: '$0' }],
    [3, 1200, 'USD', { items: 3, subtotal: '$12' }],
    [2, 1250, 'DKK', { items: 2, subtotal: '12,50 kr' }],
    [1, 1500, 'JPY', { items: 1, subtotal: '¥1,500' }],
  ] as const)('%i items, %i minor units %s', (totalQuantity, subtotalCents, currency, expected) => {
    expect(cartSyncData({ totalQuantity, subtotalCents, currency })).toEqual(expected);
  });
});
