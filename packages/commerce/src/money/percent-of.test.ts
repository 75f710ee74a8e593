import { describe, expect, it } from 'vitest';
import { randomInt, rng } from '../../test/fixtures';
import { CommerceError } from '../messages/money';
import { percentOf } from './percent-of';

describe('percentOf', () => {
  it.each([
    [1999, '8.875', 177],
    [1000, '12.5', 125],
    [5, '50', 3],
    [4, '12.5', 1],
    [3, '12.5', 0],
    [10000, '0', 0],
    [10000, '100', 10000],
    [-5, '50', -3],
    [1, '0.001', 0],
    [Number.MAX_SAFE_INTEGER, '1', 90071992547410],
  ])('percentOf(%i, %s) is %i', (minor, percent, expected) => {
    expect(percentOf(minor, percent)).toBe(expected);
  });

  it('is the exact share rounded half up, for many generated amounts and rates', () => {
    const next = rng(7);
    for (let i = 0; i < 2000; i++) {
      const minor = randomInt(next, 0, 10_000_000);
      const thousandths = randomInt(next, 0, 100_000);
      const percent = `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
      const result = BigInt(percentOf(minor, percent));
      // exact share = minor * thousandths / 100000; |result - share| <= 1/2
      const twiceError = 2n * (result * 100000n - BigInt(minor) * BigInt(thousandths));
      expect(twiceError <= 100000n && twiceError > -100000n).toBe(true);
    }
  });

  it.each([['-1'], ['abc'], [''], ['1e2']])('rejects percentage %j', (percent) => {
    expect(() => percentOf(100, percent)).toThrow(CommerceError);
  });
});
