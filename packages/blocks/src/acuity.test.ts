import { describe, expect, it } from 'vitest';
import { blockTypes, defaultProps } from './block-types';
import { derivedProps } from './derived-props';

describe('scheduling block (65, acuity)', () => {
  it('starts valid, offering every type', () => {
    expect(defaultProps('acuity')).toEqual({
      title: 'Book an appointment',
      description: '',
      appointmentTypeIds: [],
    });
    expect(derivedProps({ id: 'b1', type: 'acuity', props: defaultProps('acuity') })).toEqual({
      typeIds: '',
    });
  });

  it('offers the chosen types to the island; ids that are not ids are refused', () => {
    const props = blockTypes.acuity.props.parse({ appointmentTypeIds: ['t1', 'T_2'] });
    expect(derivedProps({ id: 'b1', type: 'acuity', props })).toEqual({ typeIds: 't1,T_2' });
    expect(blockTypes.acuity.props.safeParse({ appointmentTypeIds: ['a,b'] }).success).toBe(false);
    expect(blockTypes.acuity.props.safeParse({ appointmentTypeIds: ['"><x'] }).success).toBe(false);
  });
});
