import type { ApiOutput } from '@store/api/client';
import { formatMoney } from '@store/commerce';
import { ApiFailure, NETWORK_ERROR, call } from '../api';

export type Summary = ApiOutput<'GET /api/analytics/summary'>;
export type VitalName = 'fcp' | 'lcp' | 'fid' | 'inp' | 'cls';

/** The range the owner picked: a preset (last N days, today included) or two calendar days. */
export type RangeChoice = { days: 7 | 30 | 90 } | { from: string; to: string };

export const PRESETS = [7, 30, 90] as const;

export function loadSummary(range: RangeChoice): Promise<Summary> {
  return call('GET /api/analytics/summary', { query: range });
}

export function failureMessage(error: unknown): string {
  return error instanceof ApiFailure ? error.message : NETWORK_ERROR;
}

export function money(cents: number, currency: string): string {
  try {
    return formatMoney(cents, currency);
  } catch {
    return `${cents} ${currency}`;
  }
}

export const percent = (share: number) =>
  `${(share * 100).toLocaleString(undefined, { maximumFractionDigits: 1 })}%`;

export const count = (n: number) => n.toLocaleString();

/** A Web Vital's p75 as the owner reads it: seconds for timings, a plain number for CLS. */
export function vitalText(vital: VitalName, p75: number): string {
  if (vital === 'cls') return p75.toFixed(2);
  return p75 >= 1000 ? `${(p75 / 1000).toFixed(2)} s` : `${Math.round(p75)} ms`;
}

export const ratingLabels = { good: 'Good', 'needs-improvement': 'Needs improvement', poor: 'Poor' } as const;

export const funnelLabels: Record<Summary['funnel'][number]['step'], string> = {
  'product-views': 'Viewed a product',
  'add-to-cart': 'Added to cart',
  checkout: 'Reached checkout',
  orders: 'Ordered',
};

/** Whether the range holds nothing at all to show (a new site, or a quiet range). */
export function isEmpty(s: Summary): boolean {
  return (
    s.pageViews === 0 &&
    s.revenue.length === 0 &&
    s.javascriptErrors.length === 0 &&
    s.webVitals.length === 0 &&
    s.funnel.every((f) => f.count === 0)
  );
}
