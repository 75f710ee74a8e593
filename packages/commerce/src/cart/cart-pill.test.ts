import { describe, expect, it } from 'vitest';
import { cartPillCount, cartPillLabel } from './cart-pill';

describe('cart pill', () => {
  it.each([
    [0, '0', '0 items in cart'],
    [1, '1', '1 item in cart'],
    [3, '3', '3 items in cart'],
    [100, '100', '100 items in cart'],
    [101, '100+', 'More than 100 items in cart'],
    [5000, '100+', 'More than 100 items in cart'],
  ])('%i items → %s / %s', (quantity, count, label) => {
    expect(cartPillCount(quantity)).toBe(count);
    expect(cartPillLabel(quantity)).toBe(label);
  });
});
