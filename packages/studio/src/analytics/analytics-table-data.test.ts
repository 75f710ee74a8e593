import { describe, expect, it } from 'vitest';
import { sortRows } from '../components/list-data';
import {
  type TopPageRow,
  type VitalsRow,
  errorValue,
  pathText,
  revenueKey,
  revenueValue,
  topPageValue,
  vitalsValue,
} from './analytics-table-data';

const pages: TopPageRow[] = [
  { path: '/shop', pageViews: 2, uniqueVisitors: 1 },
  { path: null, pageViews: 9, uniqueVisitors: 3 },
  { path: '/', pageViews: 1, uniqueVisitors: 4 },
];
const vital = (p75: number) => ({ p75, rating: 'good' as const });
const vitals = [
  {
    pageType: 1,
    template: 'Product',
    samples: 3,
    fcp: vital(900),
    lcp: null,
    fid: null,
    inp: null,
    cls: vital(0.2),
  },
  {
    pageType: 2,
    template: 'Blog',
    samples: 8,
    fcp: vital(1400),
    lcp: vital(2100),
    fid: null,
    inp: null,
    cls: null,
  },
] as unknown as VitalsRow[];

describe('analytics table sorting', () => {
  it('sorts top pages by views or visitors, and names a page without a path', () => {
    expect(sortRows(pages, { key: 'views', dir: 'desc' }, topPageValue).map(pathText)).toEqual([
      '(unknown)',
      '/shop',
      '/',
    ]);
    expect(sortRows(pages, { key: 'visitors', dir: 'asc' }, topPageValue).map(pathText)).toEqual([
      '/shop',
      '(unknown)',
      '/',
    ]);
    // A page without a path is listed last whatever the direction.
    expect(sortRows(pages, { key: 'page', dir: 'desc' }, topPageValue).map(pathText).at(-1)).toBe(
      '(unknown)',
    );
  });

  it('sorts Web Vitals by a p75, templates without that vital last', () => {
    const byLcp = (dir: 'asc' | 'desc') =>
      sortRows(vitals, { key: 'lcp', dir }, vitalsValue).map((r) => r.template);
    expect(byLcp('asc')).toEqual(['Blog', 'Product']);
    expect(byLcp('desc')).toEqual(['Blog', 'Product']);
    expect(sortRows(vitals, { key: 'fcp', dir: 'desc' }, vitalsValue).map((r) => r.template)).toEqual([
      'Blog',
      'Product',
    ]);
    expect(vitalsValue(vitals[0] as VitalsRow, 'samples')).toBe(3);
  });

  it('sorts errors by when they were last seen and revenue by the amount', () => {
    const early = { message: 'a', count: 5, lastSeen: '2026-01-02T10:00:00Z' };
    const late = { message: 'b', count: 1, lastSeen: '2026-01-10T10:00:00Z' };
    expect(sortRows([early, late], { key: 'lastSeen', dir: 'desc' }, errorValue)[0]).toBe(late);
    expect(sortRows([early, late], { key: 'count', dir: 'desc' }, errorValue)[0]).toBe(early);
    const usd = { currency: 'USD', orders: 1, grandTotalCents: 500, testMode: false };
    const eur = { currency: 'EUR', orders: 3, grandTotalCents: 9000, testMode: true };
    expect(sortRows([usd, eur], { key: 'revenue', dir: 'asc' }, revenueValue)[0]).toBe(usd);
    expect(revenueKey(eur)).toBe('EUR:test');
    expect(revenueKey({ ...eur, testMode: false })).not.toBe(revenueKey(eur));
  });
});
