import { describe, expect, it } from 'vitest';
import {
  OFFICE_HOURS,
  bookingActions,
  emptyTypeDraft,
  hoursSummary,
  overlapMessage,
  typeSchema,
  viewDates,
  viewRange,
  weekOf,
  weeklyOf,
  zonedDate,
  zonedTime,
  zonedToInstant,
} from './scheduling-data';

describe('wall-clock times in the site’s zone', () => {
  it('09:00 stays 09:00 local across the daylight-saving change (New York, London)', () => {
    expect(zonedToInstant('2026-03-06', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-06T14:00:00.000Z',
    );
    expect(zonedToInstant('2026-03-09', '09:00', 'America/New_York').toISOString()).toBe(
      '2026-03-09T13:00:00.000Z',
    );
    expect(zonedToInstant('2026-03-27', '09:00', 'Europe/London').toISOString()).toBe(
      '2026-03-27T09:00:00.000Z',
    );
    expect(zonedToInstant('2026-03-30', '09:00', 'Europe/London').toISOString()).toBe(
      '2026-03-30T08:00:00.000Z',
    );
  });

  it('a time in the spring gap moves forward; one in the autumn overlap is the earlier instant', () => {
    // 02:30 does not exist in New York on 8 March 2026: 03:30 EDT.
    expect(zonedTime(zonedToInstant('2026-03-08', '02:30', 'America/New_York'), 'America/New_York')).toBe(
      '03:30',
    );
    // 01:30 happens twice on 1 November 2026: the first (EDT, UTC−4).
    expect(zonedToInstant('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });

  it('reads an instant’s date and time in a zone', () => {
    expect(zonedDate('2026-03-10T03:30:00Z', 'America/Los_Angeles')).toBe('2026-03-09');
    expect(zonedTime('2026-03-10T03:30:00Z', 'Asia/Tokyo')).toBe('12:30');
  });

  it('a week runs Monday to Sunday; its range is the site’s midnights', () => {
    expect(viewDates('2026-03-11', 'week')).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
      '2026-03-15',
    ]);
    expect(viewDates('2026-03-11', 'day')).toEqual(['2026-03-11']);
    expect(viewRange(['2026-03-07', '2026-03-08'], 'America/New_York')).toEqual({
      from: '2026-03-07T05:00:00.000Z',
      to: '2026-03-09T04:00:00.000Z',
    });
  });
});

describe('bookings', () => {
  it('only a live booking is moved or cancelled; a no-show once it has begun', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(bookingActions({ status: 'confirmed', start: '2026-03-10T11:00:00Z' }, now)).toEqual({
      reschedule: true,
      cancel: true,
      noShow: true,
    });
    expect(bookingActions({ status: 'confirmed', start: '2026-03-11T11:00:00Z' }, now).noShow).toBe(false);
    expect(bookingActions({ status: 'cancelled', start: '2026-03-11T11:00:00Z' }, now)).toEqual({
      reschedule: false,
      cancel: false,
      noShow: false,
    });
  });
});

describe('appointment type draft', () => {
  it('becomes the API body: the price in cents, hours in minutes', () => {
    const parsed = typeSchema('USD').safeParse({
      ...emptyTypeDraft,
      name: 'Consultation',
      durationMinutes: '45',
      paid: true,
      price: '60.50',
      minimumNoticeHours: '1.5',
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      name: 'Consultation',
      durationMinutes: 45,
      priceMinor: 6050,
      currency: 'USD',
      minimumNoticeMinutes: 90,
      videoUrl: null,
      intakeFormId: null,
    });
  });

  it('names the fields that are wrong, on the API’s paths', () => {
    const paid = typeSchema('USD').safeParse({ ...emptyTypeDraft, name: 'X', paid: true, price: 'abc' });
    expect(paid.error?.issues.map((i) => i.path.join('.'))).toEqual(['priceMinor']);
    const short = typeSchema('USD').safeParse({ ...emptyTypeDraft, name: '', durationMinutes: '2' });
    expect(short.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['durationMinutes', 'name']);
  });
});

describe('weekly hours', () => {
  it('groups by weekday and back; office hours are Monday to Friday 09:00–17:00', () => {
    const flat = weeklyOf(OFFICE_HOURS);
    expect(flat).toHaveLength(5);
    expect(flat[0]).toEqual({ weekday: 1, start: '09:00', end: '17:00' });
    expect(weekOf(flat)[5]?.intervals).toEqual([]);
  });

  it('says which ranges of a day overlap', () => {
    expect(
      overlapMessage({
        weekday: 2,
        intervals: [
          { start: '13:00', end: '17:00' },
          { start: '09:00', end: '13:30' },
        ],
      }),
    ).toBe('Tuesday: 09:00–13:30 and 13:00–17:00 overlap.');
    expect(overlapMessage(OFFICE_HOURS[0] ?? { weekday: 1, intervals: [] })).toBe('');
  });
});

describe('a week in one line', () => {
  it('puts neighbouring days with the same hours together', () => {
    expect(hoursSummary(weeklyOf(OFFICE_HOURS))).toBe('Mon–Fri 09:00–17:00');
    expect(
      hoursSummary([
        ...weeklyOf(OFFICE_HOURS),
        { weekday: 6, start: '10:00', end: '12:00' },
        { weekday: 3, start: '18:00', end: '20:00' },
      ]),
    ).toBe('Mon–Tue 09:00–17:00 · Wed 09:00–17:00, 18:00–20:00 · Thu–Fri 09:00–17:00 · Sat 10:00–12:00');
    expect(hoursSummary([])).toBe('No hours');
  });
});
