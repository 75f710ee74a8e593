import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { wallClock } from '../../src/services/scheduling/clock';

// The free-times computation places wall-clock starts without luxon per start; it must agree
// with luxon (skipped times move forward, repeated ones take the earlier instant).
describe('wall clock → instant', () => {
  it.each([
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Europe/London', '2026-03-29'],
    ['Europe/London', '2026-10-25'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Asia/Kolkata', '2026-03-08'],
  ])('agrees with luxon every 15 minutes of %s on %s', (zone, date) => {
    const toInstant = wallClock(zone);
    const midnight = Date.parse(`${date}T00:00:00Z`);
    for (let minute = 0; minute < 1440; minute += 15) {
      const expected = DateTime.fromISO(date, { zone })
        .set({ hour: Math.floor(minute / 60), minute: minute % 60 })
        .toMillis();
      expect([minute, toInstant(midnight + minute * 60_000)]).toEqual([minute, expected]);
    }
  });

  it('moves a start skipped by the spring-forward change forward by the gap', () => {
    const toInstant = wallClock('America/New_York');
    expect(new Date(toInstant(Date.parse('2026-03-08T02:30:00Z'))).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });
});
