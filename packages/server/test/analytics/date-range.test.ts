import { describe, expect, it } from 'vitest';
import { dayRange, daysOf, todayIn, usableTimeZone } from '../../src/services/analytics/date-range';

// 2025-03-10 03:30 UTC is still 2025-03-09 in New York, already 2025-03-10 in Tokyo.
const now = new Date('2025-03-10T03:30:00Z');

describe('analytics date ranges', () => {
  it.each([
    ['America/New_York', '2025-03-09'],
    ['Asia/Tokyo', '2025-03-10'],
    ['UTC', '2025-03-10'],
  ])('today in %s is %s', (zone, day) => {
    expect(todayIn(zone, now)).toBe(day);
  });

  it('defaults to the 30 days ending today in the site’s zone', () => {
    expect(dayRange({}, 'America/New_York', now)).toEqual({
      ok: true,
      value: { from: '2025-02-08', to: '2025-03-09', timeZone: 'America/New_York' },
    });
  });

  it('counts `days` back from `to`, across a month end', () => {
    expect(dayRange({ to: '2025-03-02', days: 7 }, 'UTC', now)).toMatchObject({
      value: { from: '2025-02-24' },
    });
  });

  it('refuses a date that is not on the calendar, a reversed range and one over a year and a day', () => {
    expect(dayRange({ from: '2025-02-30' }, 'UTC', now)).toEqual({
      ok: false,
      reason: 'NOT_A_CALENDAR_DATE',
      values: { field: 'from' },
    });
    expect(dayRange({ from: '2025-03-05', to: '2025-03-04' }, 'UTC', now)).toEqual({
      ok: false,
      reason: 'RANGE_REVERSED',
    });
    expect(dayRange({ from: '2024-01-01', to: '2025-03-04' }, 'UTC', now)).toEqual({
      ok: false,
      reason: 'RANGE_TOO_LONG',
      values: { days: '366' },
    });
  });

  it('lists every day of a range, a leap day included', () => {
    expect(daysOf({ from: '2024-02-27', to: '2024-03-01', timeZone: 'UTC' })).toEqual([
      '2024-02-27',
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
  });

  it('falls back to UTC for a time zone nobody knows', () => {
    expect(usableTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(usableTimeZone(null)).toBe('UTC');
    expect(usableTimeZone('Europe/Paris')).toBe('Europe/Paris');
  });
});
