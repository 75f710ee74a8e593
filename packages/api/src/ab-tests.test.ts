import { describe, expect, it } from 'vitest';
import { AB_MIN_VISITORS, abCompare, abVariantIndex } from './ab-tests';

describe('abVariantIndex (the visitor bucket)', () => {
  it('is sticky: the same visitor and test always pick the same variant', () => {
    for (let i = 0; i < 200; i++) {
      const first = abVariantIndex(`visitor${i}`, 'test-1', [1, 1]);
      expect(abVariantIndex(`visitor${i}`, 'test-1', [1, 1])).toBe(first);
    }
  });

  it('splits evenly with equal weights, and by weight otherwise', () => {
    const n = 20_000;
    const count = (weights: number[]) => {
      const seen = weights.map(() => 0);
      for (let i = 0; i < n; i++) seen[abVariantIndex(`v${i}x${i * 7}`, 'test-42', weights)]! += 1;
      return seen.map((c) => c / n);
    };
    const [a = 0, b = 0] = count([1, 1]);
    expect(a).toBeGreaterThan(0.48);
    expect(b).toBeGreaterThan(0.48);
    const [light = 0, heavy = 0] = count([1, 3]);
    expect(light).toBeGreaterThan(0.23);
    expect(light).toBeLessThan(0.27);
    expect(heavy).toBeGreaterThan(0.73);
    const three = count([1, 1, 1]);
    for (const share of three) expect(Math.abs(share - 1 / 3)).toBeLessThan(0.02);
  });

  it('buckets each test independently (another test id reshuffles visitors)', () => {
    let same = 0;
    for (let i = 0; i < 2000; i++)
      if (abVariantIndex(`v${i}`, 'test-a', [1, 1]) === abVariantIndex(`v${i}`, 'test-b', [1, 1])) same++;
    expect(same / 2000).toBeGreaterThan(0.45);
    expect(same / 2000).toBeLessThan(0.55);
  });

  it('never picks a variant of weight 0 and stays in range', () => {
    for (let i = 0; i < 500; i++) {
      const index = abVariantIndex(`v${i}`, 't', [0, 5, 0]);
      expect(index).toBe(1);
    }
    expect(abVariantIndex('v', 't', [])).toBe(0);
  });
});

describe('abCompare (two-proportion z-test)', () => {
  it('gives rate, lift and the two-sided p-value', () => {
    const result = abCompare({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 130 });
    expect(result.rate).toBeCloseTo(0.13, 10);
    expect(result.lift).toBeCloseTo(0.3, 10);
    expect(result.pValue).toBeCloseTo(0.03549, 4);
    expect(result.enoughData).toBe(true);
  });

  it('says equal rates are not significant, and a big difference is', () => {
    expect(
      abCompare({ visitors: 1000, conversions: 100 }, { visitors: 1000, conversions: 100 }).pValue,
    ).toBeCloseTo(1, 6);
    expect(
      abCompare({ visitors: 1000, conversions: 50 }, { visitors: 1000, conversions: 80 }).pValue,
    ).toBeCloseTo(0.006507, 5);
  });

  it('gives no p-value below the minimum of visitors per variant', () => {
    const small = abCompare(
      { visitors: AB_MIN_VISITORS - 1, conversions: 5 },
      { visitors: 500, conversions: 60 },
    );
    expect(small.enoughData).toBe(false);
    expect(small.pValue).toBeNull();
    expect(small.lift).toBeCloseTo((60 / 500 - 5 / 99) / (5 / 99), 10);
  });

  it('has no lift when the control converts nobody, and p = 1 when nobody converts at all', () => {
    expect(abCompare({ visitors: 200, conversions: 0 }, { visitors: 200, conversions: 3 }).lift).toBeNull();
    expect(abCompare({ visitors: 200, conversions: 0 }, { visitors: 200, conversions: 0 }).pValue).toBe(1);
  });
});
