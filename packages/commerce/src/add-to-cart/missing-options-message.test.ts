import { describe, expect, it } from 'vitest';
import { missingOptionsMessage } from './missing-options-message';

describe('missingOptionsMessage', () => {
  it.each([
    [['Size'], 'Please select the Size option.'],
    [['Size', 'Color'], 'Please select the Size and Color options.'],
    [['A', 'B', 'C'], 'Please select the A, B and C options.'],
    [['A', 'B', 'C', 'D'], 'Please select the A, B, C and D options.'],
  ])('%j → %s', (names, expected) => {
    expect(missingOptionsMessage(names)).toBe(expected);
  });
});
