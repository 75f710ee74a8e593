import { describe, expect, it } from 'vitest';
import { type CheckoutFields, validateCheckout } from './validate-checkout';

const filled: CheckoutFields = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  address1: '1 Main St',
  address2: '',
  city: 'London',
  state: '',
  postalCode: 'N1 9GU',
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

  it.each([
    ['US', 'NY', '12345', {}],
    ['US', 'NY', '1234', { postalCode: 'Postal code is not valid for this country.' }],
    ['US', '', '12345-6789', { state: 'Required' }],
    ['CA', 'ON', 'K1A 0B1', {}],
    ['CA', 'ON', '12345', { postalCode: 'Postal code is not valid for this country.' }],
    ['GB', '', 'SW1A 1AA', {}],
    ['NL', '', '1012 AB', {}],
    ['AU', 'XX', '2000', { state: 'Choose a state or province of this country.' }],
  ])('%s region %j postal code %j', (country, state, postalCode, errors) => {
    expect(validateCheckout({ ...filled, country, state, postalCode }, true)).toEqual(errors);
  });
});
