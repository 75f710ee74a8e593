import { describe, expect, it } from 'vitest';
import { randomInt, rng } from '../../test/fixtures';
import { CommerceError } from '../messages/money';
import { instalmentText } from './instalment-text';
import { splitInstalments } from './split-instalments';

describe('splitInstalments', () => {
  it.each([
    [1000, undefined, [250, 250, 250, 250]],
    [1001, undefined, [251, 250, 250, 250]],
    [1003, undefined, [251, 251, 251, 250]],
    [1000, 3, [334, 333, 333]],
    [3, 4, [1, 1, 1, 0]],
    [0, 4, [0, 0, 0, 0]],
    [999, 1, [999]],
  ])('splitInstalments(%i, %s) → %j', (total, count, expected) => {
    expect(splitInstalments(total, count)).toEqual(expected);
  });

  it('payments are whole units, differ by at most one, and add up to the total', () => {
    const next = rng(4);
    for (let i = 0; i < 3000; i++) {
      const total = randomInt(next, 0, 10_000_000);
      const count = randomInt(next, 1, 12);
      const parts = splitInstalments(total, count);
      expect(parts).toHaveLength(count);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      for (const part of parts) expect(Number.isSafeInteger(part)).toBe(true);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
  });

  it.each([
    [-1, 4],
    [10.5, 4],
    [100, 0],
    [100, 2.5],
  ])('rejects total %d in %d payments', (total, count) => {
    expect(() => splitInstalments(total, count)).toThrow(CommerceError);
  });
});

describe('instalmentText', () => {
  it.each([
    ['$25.00', {}, '4 interest-free payments of $25.00'],
    ['$25.00', { oneLine: true }, 'or 4 interest-free payments of $25.00 with'],
    ['£10.00', { numInstallments: 6 }, '6 interest-free payments of £10.00'],
    ['£10.00', { numInstallments: 6, oneLine: true }, 'or 6 interest-free payments of £10.00 with'],
  ])('%s %j → %s', (amount, options, expected) => {
    expect(instalmentText(amount, options)).toBe(expected);
  });
});
