import type { ApiOutput } from '@store/api/client';

export type CustomerSort = 'lastOrder' | 'totalSpent';
export type CustomerRow = ApiOutput<'GET /api/owner/customers'>['customers'][number];
export type CustomerDetail = ApiOutput<'GET /api/owner/customers/:customerId'>;

export const customerSorts: { value: CustomerSort; label: string }[] = [
  { value: 'lastOrder', label: 'Last order' },
  { value: 'totalSpent', label: 'Total spent' },
];

export const customersPath = (id?: string) =>
  id ? `/config/commerce/customers/${encodeURIComponent(id)}` : '/config/commerce/customers';

/** The CSV export of what the list shows (same search and order); streamed by the server. */
export function exportHref(filters: { q: string; sort: CustomerSort }): string {
  const query = new URLSearchParams({ sort: filters.sort });
  if (filters.q.trim()) query.set('q', filters.q.trim());
  return `/api/owner/customers/export.csv?${query}`;
}

/** What a customer is called in the list: the name from their orders, else the e-mail. */
export function customerTitle(c: Pick<CustomerRow, 'name' | 'email'>): string {
  return c.name.trim() || c.email;
}

/** A stored address (checkout or account fields) as the lines of a label. */
export function addressLines(a: Record<string, string>): string[] {
  const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
  const place = [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [name, a.address1, a.address2, place, a.country].map((l) => (l ?? '').trim()).filter(Boolean);
}

/** PostgreSQL's `timestamptz::text` as a date, or "–" when there is none. */
export function dateOf(text: string | null): string {
  if (!text) return '–';
  const date = new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
  return Number.isNaN(date.getTime())
    ? text
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
