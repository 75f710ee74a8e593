import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { billingInstant, nextBillingAt } from '../../src/services/subscriptions/billing-dates';

const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toJSDate();
const local = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");

/** A plain model: add months on a calendar, clamp the day, keep the wall clock. */
function model(
  anchor: { y: number; m: number; d: number; h: number; min: number },
  unit: 'WEEK' | 'MONTH' | 'YEAR',
  value: number,
  n: number,
): { y: number; m: number; d: number } {
  if (unit === 'WEEK') {
    const base = Date.UTC(anchor.y, anchor.m - 1, anchor.d) + n * value * 7 * 86_400_000;
    const d = new Date(base);
    return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate() };
  }
  const months = anchor.m - 1 + n * value * (unit === 'YEAR' ? 12 : 1);
  const y = anchor.y + Math.floor(months / 12);
  const m = (months % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { y, m, d: Math.min(anchor.d, last) };
}

describe('billing dates', () => {
  it('a 31st renews on the last day of shorter months and comes back to the 31st', () => {
    const anchor = at('2026-01-31T10:00', 'Europe/Berlin');
    const dates = [0, 1, 2, 3, 4].map((n) =>
      local(billingInstant(anchor, { unit: 'MONTH', value: 1 }, n, 'Europe/Berlin'), 'Europe/Berlin'),
    );
    expect(dates).toEqual([
      '2026-01-31T10:00',
      '2026-02-28T10:00',
      '2026-03-31T10:00',
      '2026-04-30T10:00',
      '2026-05-31T10:00',
    ]);
  });

  it('29 February renews yearly on 28 February and on 29 February in a leap year', () => {
    const zone = 'America/New_York';
    const anchor = at('2028-02-29T09:30', zone);
    const dates = [1, 2, 3, 4].map((n) =>
      local(billingInstant(anchor, { unit: 'YEAR', value: 1 }, n, zone), zone),
    );
    expect(dates).toEqual(['2029-02-28T09:30', '2030-02-28T09:30', '2031-02-28T09:30', '2032-02-29T09:30']);
  });

  it('keeps the wall-clock time across daylight-saving changes', () => {
    const zone = 'America/New_York';
    const anchor = at('2026-03-01T09:00', zone); // EST, UTC-5
    const next = billingInstant(anchor, { unit: 'MONTH', value: 1 }, 1, zone); // EDT, UTC-4
    expect(local(next, zone)).toBe('2026-04-01T09:00');
    expect(next.getTime() - anchor.getTime()).toBe((31 * 24 - 1) * 3_600_000);
    const weekly = billingInstant(anchor, { unit: 'WEEK', value: 2 }, 1, zone);
    expect(local(weekly, zone)).toBe('2026-03-15T09:00');
  });

  it('a fixed term has no next date once its cycles are done', () => {
    const anchorAt = at('2026-05-10T12:00', 'UTC');
    const sub = { anchorAt, periodUnit: 'MONTH' as const, periodValue: 1, numBillingCycles: 3 };
    expect(nextBillingAt({ ...sub, cyclesDone: 2 }, 'UTC')?.toISOString()).toBe('2026-07-10T12:00:00.000Z');
    expect(nextBillingAt({ ...sub, cyclesDone: 3 }, 'UTC')).toBeNull();
  });

  it('matches a calendar model for any anchor, unit, value and cycle', () => {
    const zones = ['UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Asia/Tokyo'];
    fc.assert(
      fc.property(
        fc.record({
          y: fc.integer({ min: 2000, max: 2060 }),
          m: fc.integer({ min: 1, max: 12 }),
          d: fc.integer({ min: 1, max: 31 }),
          h: fc.integer({ min: 0, max: 23 }),
          min: fc.integer({ min: 0, max: 59 }),
        }),
        fc.constantFrom<'WEEK' | 'MONTH' | 'YEAR'>('WEEK', 'MONTH', 'YEAR'),
        fc.integer({ min: 1, max: 52 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom(...zones),
        (a, unit, value, n, zone) => {
          const last = new Date(Date.UTC(a.y, a.m, 0)).getUTCDate();
          const anchorParts = { ...a, d: Math.min(a.d, last) };
          const anchorDt = DateTime.fromObject(
            {
              year: anchorParts.y,
              month: anchorParts.m,
              day: anchorParts.d,
              hour: anchorParts.h,
              minute: anchorParts.min,
            },
            { zone },
          );
          const anchor = anchorDt.toJSDate();
          const got = DateTime.fromJSDate(billingInstant(anchor, { unit, value }, n, zone), { zone });
          const want = model({ ...anchorParts, d: anchorDt.day }, unit, value, n);
          expect({ y: got.year, m: got.month, d: got.day }).toEqual(want);
          // The wall clock is kept, except in a spring-forward gap where it moves forward by the gap.
          const wantClock = anchorDt.hour * 60 + anchorDt.minute;
          const gotClock = got.hour * 60 + got.minute;
          expect(gotClock - wantClock).toBeGreaterThanOrEqual(0);
          expect(gotClock - wantClock).toBeLessThanOrEqual(60);
          // Later cycles are never earlier.
          if (n > 0) {
            const prev = billingInstant(anchor, { unit, value }, n - 1, zone);
            expect(got.toMillis()).toBeGreaterThan(prev.getTime());
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
