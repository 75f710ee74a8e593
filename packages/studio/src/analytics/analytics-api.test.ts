import { describe, expect, it } from 'vitest';
import { type Summary, isEmpty, money, vitalText } from './analytics-api';

const quiet: Summary = {
  pageViews: 0,
  revenue: [],
  javascriptErrors: [],
  webVitals: [],
  funnel: [
    { step: 'product-views', count: 0 },
    { step: 'orders', count: 0 },
  ],
} as unknown as Summary;

describe('analytics figures', () => {
  it('show timings in ms below a second and in seconds above, CLS as a plain number', () => {
    expect(vitalText('lcp', 850.4)).toBe('850 ms');
    expect(vitalText('lcp', 2500)).toBe('2.50 s');
    expect(vitalText('inp', 999.6)).toBe('1000 ms');
    expect(vitalText('cls', 0.1234)).toBe('0.12');
  });

  it('a range is empty only when nothing at all happened in it', () => {
    expect(isEmpty(quiet)).toBe(true);
    expect(isEmpty({ ...quiet, pageViews: 1 })).toBe(false);
    expect(isEmpty({ ...quiet, funnel: [{ step: 'orders', count: 1 }] } as Summary)).toBe(false);
    expect(isEmpty({ ...quiet, webVitals: [{}] } as unknown as Summary)).toBe(false);
  });

  it('revenue in its currency, never throwing on an unknown one', () => {
    expect(money(1999, 'EUR')).toContain('19.99');
    expect(money(5, 'XXQ')).toBe('5 XXQ');
  });
});
