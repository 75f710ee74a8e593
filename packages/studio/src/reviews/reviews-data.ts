import type { ApiInput, ApiOutput } from '@store/api/client';

export type OwnerReviews = ApiOutput<'GET /api/owner/reviews'>;
export type OwnerReview = OwnerReviews['reviews'][number];
export type ReviewFilter = 'PENDING' | 'APPROVED' | 'REJECTED' | 'ALL';
export type ReviewCounts = OwnerReviews['counts'];

export const reviewStatusLabels: Record<OwnerReview['status'], string> = {
  PENDING: 'Pending',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** The status chips, with how many reviews each holds once the counts are known. */
export function statusChips(counts: ReviewCounts | undefined): { value: ReviewFilter; label: string }[] {
  const withCount = (label: string, n: number | undefined) => (n === undefined ? label : `${label} (${n})`);
  const total = counts ? counts.PENDING + counts.APPROVED + counts.REJECTED : undefined;
  return [
    { value: 'PENDING', label: withCount('Pending', counts?.PENDING) },
    { value: 'APPROVED', label: withCount('Approved', counts?.APPROVED) },
    { value: 'REJECTED', label: withCount('Rejected', counts?.REJECTED) },
    { value: 'ALL', label: withCount('All', total) },
  ];
}

export interface ReviewFilters {
  status: ReviewFilter;
  productId: string;
  rating: string;
  q: string;
}

/** The list call's query for the chosen filters ('' means "any"). */
export function reviewsQuery(f: ReviewFilters): ApiInput<'GET /api/owner/reviews'>['query'] {
  return {
    status: f.status,
    productId: f.productId || undefined,
    rating: f.rating ? Number(f.rating) : undefined,
    q: f.q.trim() || undefined,
  };
}

/** "★★★★☆" with the rating spelled out for screen readers by the caller. */
export function starsText(rating: number): string {
  const full = Math.max(0, Math.min(5, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(5 - full);
}

/** The actions a review's status allows: approve a pending or rejected one, reject a pending or approved one. */
export function moderationActions(status: OwnerReview['status']): ('APPROVED' | 'REJECTED')[] {
  if (status === 'PENDING') return ['APPROVED', 'REJECTED'];
  return status === 'APPROVED' ? ['REJECTED'] : ['APPROVED'];
}

/** PostgreSQL's `timestamptz::text` ("2026-11-28 12:00:00.1+00") as a readable date. */
export function reviewDate(text: string): string {
  const iso = text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? text
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
