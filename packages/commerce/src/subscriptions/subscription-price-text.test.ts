import { describe, expect, it } from 'vitest';
import type { BillingUnit, SubscriptionPlan } from '../product/product-types';
import { subscriptionPriceText } from './subscription-price-text';

const plan = (value: number, unit: BillingUnit, numBillingCycles: number): SubscriptionPlan => ({
  billingPeriod: { value, unit },
  numBillingCycles,
});

describe('subscriptionPriceText', () => {
  it.each([
    ['$10.00', plan(1, 'MONTH', 0), '$10.00 every month'],
    ['$10.00', plan(2, 'WEEK', 26), '$10.00 every 2 weeks for 1 year'],
    ['$5.00', plan(1, 'MONTH', 6), '$5.00 every month for 6 months'],
    ['$5.00', plan(1, 'MONTH', 1), '$5.00 every month for 1 month'],
    ['$5.00', plan(1, 'MONTH', 24), '$5.00 every month for 2 years'],
    ['$5.00', plan(3, 'MONTH', 4), '$5.00 every 3 months for 1 year'],
    ['$5.00', plan(1, 'WEEK', 0), '$5.00 every week'],
    ['$5.00', plan(1, 'WEEK', 10), '$5.00 every week for 10 weeks'],
    ['$5.00', plan(1, 'WEEK', 104), '$5.00 every week for 2 years'],
    ['$99.00', plan(1, 'YEAR', 0), '$99.00 every year'],
    ['$99.00', plan(1, 'YEAR', 1), '$99.00 every year for 1 year'],
    ['$99.00', plan(2, 'YEAR', 3), '$99.00 every 2 years for 6 years'],
  ])('%s with %j → %s', (price, p, expected) => {
    expect(subscriptionPriceText(price, p)).toBe(expected);
  });

  it('treats a plan without numBillingCycles as indefinite', () => {
    const open = { billingPeriod: { value: 2, unit: 'MONTH' } } as SubscriptionPlan;
    expect(subscriptionPriceText('$10.00', open)).toBe('$10.00 every 2 months');
  });

  it.each([
    [plan(2, 'WEEK', 26), '$10.00 every 2 weeks for 52 weeks'],
    [plan(1, 'MONTH', 12), '$10.00 every month for 12 months'],
  ])('shows whole years in units when told not to: %j', (p, expected) => {
    expect(subscriptionPriceText('$10.00', p, { preferYears: false })).toBe(expected);
  });

  it.each([
    ['no plan', null],
    ['unknown unit', plan(1, 'DAY' as BillingUnit, 0)],
    ['zero period', plan(0, 'MONTH', 0)],
    ['fractional period', plan(1.5, 'MONTH', 0)],
    ['negative cycles', plan(1, 'MONTH', -1)],
    ['missing period', { numBillingCycles: 0 } as unknown as SubscriptionPlan],
    ['fractional cycles', plan(1, 'MONTH', 2.5)],
  ])('%s → "Unavailable"', (_name, p) => {
    expect(subscriptionPriceText('$10.00', p)).toBe('Unavailable');
  });
});
