import { describe, expect, it } from 'vitest';
import { blockTypes, defaultProps } from './block-types';

describe('member-area (67) and pricing-plan (72) blocks', () => {
  it('start valid, with no area chosen', () => {
    expect(defaultProps('memberarea')).toEqual({ areaId: '' });
    expect(defaultProps('pricingplan')).toEqual({ areaId: '', title: 'Choose your plan', description: '' });
  });

  it('take an area id and refuse anything that is not one', () => {
    expect(blockTypes.pricingplan.props.parse({ areaId: 'a_1-B' }).areaId).toBe('a_1-B');
    expect(blockTypes.memberarea.props.safeParse({ areaId: '"><x' }).success).toBe(false);
    expect(blockTypes.pricingplan.props.safeParse({ areaId: 'a'.repeat(65) }).success).toBe(false);
  });
});
