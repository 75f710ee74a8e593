import { describe, expect, it } from 'vitest';
import { moderationActions, reviewDate, reviewsQuery, starsText, statusChips } from './reviews-data';

describe('reviews screen data', () => {
  it('labels the status chips with their counts, All with the sum', () => {
    expect(statusChips({ PENDING: 2, APPROVED: 5, REJECTED: 1 }).map((c) => c.label)).toEqual([
      'Pending (2)',
      'Approved (5)',
      'Rejected (1)',
      'All (8)',
    ]);
    expect(statusChips(undefined)[0]?.label).toBe('Pending');
  });

  it('sends only the filters that are set', () => {
    expect(reviewsQuery({ status: 'ALL', productId: '', rating: '', q: '  ' })).toEqual({
      status: 'ALL',
      productId: undefined,
      rating: undefined,
      q: undefined,
    });
    expect(reviewsQuery({ status: 'PENDING', productId: 'p1', rating: '4', q: ' strap ' })).toEqual({
      status: 'PENDING',
      productId: 'p1',
      rating: 4,
      q: 'strap',
    });
  });

  it('draws stars and offers the moderation each status allows', () => {
    expect(starsText(4)).toBe('★★★★☆');
    expect(starsText(9)).toBe('★★★★★');
    expect(moderationActions('PENDING')).toEqual(['APPROVED', 'REJECTED']);
    expect(moderationActions('APPROVED')).toEqual(['REJECTED']);
    expect(moderationActions('REJECTED')).toEqual(['APPROVED']);
  });

  it('reads PostgreSQL timestamps, and leaves anything else as it is', () => {
    expect(reviewDate('2026-03-04 10:00:00.5+00')).toMatch(/2026/);
    expect(reviewDate('soon')).toBe('soon');
  });
});
