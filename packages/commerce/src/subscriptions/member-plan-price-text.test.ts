import { describe, expect, it } from 'vitest';
import { memberPlanPriceText } from './member-plan-price-text';

const base = { currency: 'USD', periodUnit: null, periodValue: null, numBillingCycles: 0, trialDays: 0 };

describe('memberPlanPriceText', () => {
  it('words each kind of plan', () => {
    expect(memberPlanPriceText({ ...base, kind: 'free', priceCents: 0 })).toBe('Free');
    expect(memberPlanPriceText({ ...base, kind: 'one_off', priceCents: 4900 })).toBe('$49.00 once');
    expect(
      memberPlanPriceText({
        ...base,
        kind: 'recurring',
        priceCents: 1000,
        periodUnit: 'MONTH',
        periodValue: 1,
      }),
    ).toBe('$10.00 every month');
    expect(
      memberPlanPriceText({
        ...base,
        kind: 'recurring',
        priceCents: 1000,
        periodUnit: 'WEEK',
        periodValue: 2,
        numBillingCycles: 4,
        trialDays: 14,
      }),
    ).toBe('$10.00 every 2 weeks for 8 weeks after a 14-day free trial');
  });

  it('a recurring plan without a period reads as unavailable', () => {
    expect(memberPlanPriceText({ ...base, kind: 'recurring', priceCents: 1000 })).toBe('Unavailable');
  });
});
