import { describe, expect, it } from 'vitest';
import { moved } from './form-order';

describe('moving a field in the builder', () => {
  it.each([
    ['up one', 2, 1, ['a', 'c', 'b', 'd']],
    ['down one', 1, 2, ['a', 'c', 'b', 'd']],
    ['first to last (drop on the last row)', 0, 3, ['b', 'c', 'd', 'a']],
    ['last to first', 3, 0, ['d', 'a', 'b', 'c']],
    ['past the end is clamped', 0, 9, ['b', 'c', 'd', 'a']],
    ['a missing index changes nothing', 7, 0, ['a', 'b', 'c', 'd']],
  ])('%s', (_, from, to, expected) => {
    const list = ['a', 'b', 'c', 'd'];
    expect(moved(list, from, to)).toEqual(expected);
    expect(list).toEqual(['a', 'b', 'c', 'd']);
  });
});
