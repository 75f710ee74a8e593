import { describe, expect, it } from 'vitest';
import { blockTypes, defaultProps } from './block-types';
import { derivedProps } from './derived-props';

describe('donation block (52)', () => {
  it('starts valid: suggested amounts, a custom amount within limits, one-time or monthly', () => {
    const props = defaultProps('donation');
    expect(props).toMatchObject({
      heading: 'Support our work',
      suggestedAmounts: [1000, 2500, 5000],
      allowCustom: true,
      minAmount: 100,
      maxAmount: 1_000_000,
      allowOnce: true,
      allowMonthly: true,
      allowYearly: false,
      buttonText: 'Donate',
    });
    expect(derivedProps({ id: 'd1', type: 'donation', props })).toEqual({
      amounts: '1000,2500,5000',
      frequencies: 'once,monthly',
    });
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(blockTypes.donation.props.safeParse({ suggestedAmounts: [10.5] }).success).toBe(false);
    expect(blockTypes.donation.props.safeParse({ suggestedAmounts: [0] }).success).toBe(false);
    expect(blockTypes.donation.props.safeParse({ minAmount: -1 }).success).toBe(false);
  });
});
