import { describe, expect, it } from 'vitest';
import { type CheckoutFields, validateCheckout } from './validate-checkout';

const filled: CheckoutFields = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  city: 'London',
  state: '',
  postalCode: 'N1',
  country: 'GB',
  shippingOptionId: 'ship-1',
};

describe('validateCheckout', () => {
  it('accepts a complete form', () => {
    expect(validateCheckout(filled, true)).toEqual({});
  });

  it.each([
    ['', 'Required'],
    ['a@', 'Email is not valid. Email addresses should follow the format user@domain.com.'],
    [
      `${'x'.repeat(250)}@example.com`,
      'Email is not valid. Email addresses should follow the format user@domain.com.',
    ],
  ])('email %j → %s', (email, message) => {
    expect(validateCheckout({ ...filled, email }, true).email).toBe(message);
  });

  it('requires the address and a shipping option only when the cart ships', () => {
    const empty = { ...filled, firstName: '', city: ' ', shippingOptionId: '' };
    expect(validateCheckout(empty, true)).toEqual({
      firstName: 'Required',
      city: 'Required',
      shippingOptionId: 'Required',
    });
    expect(validateCheckout(empty, false)).toEqual({});
  });
});
