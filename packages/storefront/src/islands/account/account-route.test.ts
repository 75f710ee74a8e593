import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../../api';
import { routeOf } from './account-route';
import { failureText, fieldErrors, statusLabel } from './account-text';

describe('account page views', () => {
  it.each([
    ['', { view: 'orders' }],
    ['#orders', { view: 'orders' }],
    ['#addresses', { view: 'addresses' }],
    ['#subscriptions', { view: 'subscriptions' }],
    ['#orders/5f0c-12ab', { view: 'order', id: '5f0c-12ab' }],
    // Anything else is the history, never an id with odd characters in an API path.
    ['#orders/../../x', { view: 'orders' }],
    [`#orders/${'a'.repeat(65)}`, { view: 'orders' }],
    ['#unknown', { view: 'orders' }],
    ['#forgot-password', { view: 'forgot-password' }],
    ['#reset-password/1f2e-aa.Bc_d-9', { view: 'reset-password', token: '1f2e-aa.Bc_d-9' }],
    ['#reset-password/', { view: 'orders' }],
    ['#reset-password/a b', { view: 'orders' }],
  ])('%s → %o', (hash, route) => {
    expect(routeOf(hash)).toEqual(route);
  });
});

describe('account wording', () => {
  it('shows the server’s message, the offline wording, or a fallback', () => {
    expect(failureText(new ApiFailure(409, 'CONFLICT', 'Taken'))).toBe('Taken');
    expect(failureText(new ApiFailure(0, 'NETWORK', '', false, true))).toBe(
      'Please check your internet connection.',
    );
    expect(failureText(new Error('x'))).toBe('Something went wrong. Please try again.');
  });

  it('reads the field errors of a 400 answer', () => {
    const failure = new ApiFailure(400, 'VALIDATION_FAILED', 'bad', false, false, {
      errors: { 'address.city': 'Required' },
    });
    expect(fieldErrors(failure)).toEqual({ 'address.city': 'Required' });
    expect(fieldErrors(new ApiFailure(500, 'X', 'y'))).toEqual({});
  });

  it.each([
    ['FULFILLED', 'Shipped'],
    ['PENDING', 'Payment pending'],
    ['SOMETHING_NEW', 'SOMETHING_NEW'],
  ])('labels %s as %s', (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});
