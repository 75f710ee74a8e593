import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { currentType, SLICE_TYPES } from './current-type';

describe('current-type?', () => {
  it.each(Object.entries(SLICE_TYPES))('%s is code %i', (name, code) => {
    expect(currentType([name], fakeContext({ node: { currentType: code } }))).toBe(true);
    expect(currentType([name], fakeContext({ node: { currentType: code + 1 } }))).toBe(false);
  });

  it.each([
    [[], { currentType: 1 }],
    [['unknown'], { currentType: 1 }],
    [['heading'], {}],
  ])('is false for args %j on %j', (args, node) => {
    expect(currentType(args, fakeContext({ node }))).toBe(false);
  });
});
