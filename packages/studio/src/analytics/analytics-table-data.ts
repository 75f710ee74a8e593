/**
 * The analytics report's tables as rows the list kit sorts, without React: each table's row
 * type and the value each sortable column sorts by. The API answers every table ranked
 * (most first); a header click re-sorts the rows on screen.
 *
 *   sortRows(s.topPages, { key: 'views', dir: 'asc' }, topPageValue)
 */
import type { SortValue } from '../components/list-data';
import type { Summary, VitalName } from './analytics-api';

export type TopPageRow = Summary['topPages'][number];
export type ReferrerRow = Summary['referrers'][number];
export type RevenueRow = Summary['revenue'][number];
export type ErrorRow = Summary['javascriptErrors'][number];
export type VitalsRow = Summary['webVitals'][number];

/** A page whose path the browser did not send. */
export const pathText = (row: TopPageRow) => row.path ?? '(unknown)';

export function topPageValue(row: TopPageRow, key: string): SortValue {
  if (key === 'views') return row.pageViews;
  if (key === 'visitors') return row.uniqueVisitors;
  return row.path ?? '';
}

export function referrerValue(row: ReferrerRow, key: string): SortValue {
  return key === 'visits' ? row.visits : row.referrer;
}

export function revenueValue(row: RevenueRow, key: string): SortValue {
  if (key === 'orders') return row.orders;
  if (key === 'revenue') return row.grandTotalCents;
  return row.currency;
}

export function errorValue(row: ErrorRow, key: string): SortValue {
  if (key === 'count') return row.count;
  if (key === 'lastSeen') return Date.parse(row.lastSeen);
  return row.message;
}

/** The p75 of a vital (blank when a template has no reports of it: listed last). */
export function vitalsValue(row: VitalsRow, key: string): SortValue {
  if (key === 'template') return row.template;
  if (key === 'samples') return row.samples;
  const metric = row[key as VitalName];
  return metric ? metric.p75 : null;
}

/** Rows keyed uniquely even when two share a label (a revenue line per currency and mode). */
export function revenueKey(row: RevenueRow): string {
  return `${row.currency}:${row.testMode ? 'test' : 'live'}`;
}
