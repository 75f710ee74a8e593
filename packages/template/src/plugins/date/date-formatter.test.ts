import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { dateFormatter, toInstant } from './date-formatter';
import { datePlugin } from './index';

// 2021-02-17T21:26:05.345Z: Thursday 06:26 in Tokyo, Wednesday 16:26 in New York.
const T1 = 1613597165345;
// 2021-07-04T15:00:00Z: summer time in New York and London.
const SUMMER = 1625410800000;

const run = (value: unknown, fmt: string, timeZone = 'America/New_York') =>
  dateFormatter(value, fmt.split(' '), fakeContext({ timeZone }), []);

describe('date formatter', () => {
  it.each([
    ['%a %A', 'Asia/Tokyo', 'Thu Thursday'],
    ['%b %B %h', 'Asia/Tokyo', 'Feb February Feb'],
    ['%c', 'Asia/Tokyo', 'Thu, Feb 18, 2021 6:26:05 AM JST'],
    ['%c', 'America/New_York', 'Wed, Feb 17, 2021 4:26:05 PM EST'],
    ['%C %y %Y %g %G', 'Asia/Tokyo', '20 21 2021 21 2021'],
    ['%d %e %j %m', 'Asia/Tokyo', '18 18 049 02'],
    ['%D %F %x %v', 'America/New_York', '02/17/21 2021-02-17 02/17/2021 17-Feb-2021'],
    ['%H %I %i %k %l', 'Asia/Tokyo', '06 06 6  6  6'],
    ['%H %I %k %l', 'America/New_York', '16 04 16  4'],
    ['%M %S %N %s', 'America/New_York', '26 05 345000000 1613597165'],
    ['%p %P %r %R %T %X', 'America/New_York', 'PM pm 4:26:05 PM 16:26 16:26:05 04:26:05 PM'],
    ['%q %u %w %U %W %V', 'Asia/Tokyo', '1 4 4 08 08 07'],
    ['%z %Z', 'Asia/Tokyo', '+09:00 JST'],
    ['%z %Z', 'America/New_York', '-05:00 EST'],
    ['%z %Z', 'Asia/Kolkata', '+05:30 IST'],
    ['%z %Z', 'America/Sao_Paulo', '-03:00 -03'],
    ['%Y %% %d', 'America/New_York', '2021 % 17'],
    ['[%n][%t]', 'America/New_York', '[\n][\t]'],
    ['%Q!', 'America/New_York', '!'],
    ['100%', 'America/New_York', '100%'],
  ])('%s in %s', (fmt, zone, expected) => {
    expect(run(T1, fmt, zone)).toBe(expected);
  });

  it.each([
    ['America/New_York', '11:00 EDT -04:00'],
    ['Europe/London', '16:00 BST +01:00'],
    ['Europe/Paris', '17:00 CEST +02:00'],
    ['Australia/Sydney', '01:00 AEST +10:00'],
  ])('uses daylight time in %s', (zone, expected) => {
    expect(run(SUMMER, '%H:%M %Z %z', zone)).toBe(expected);
  });

  it.each([
    // 2021-01-01 (Friday): ISO week 53 of 2020, US week 1.
    [Date.UTC(2021, 0, 1, 12), '%G-W%V %U', '2020-W53 01'],
    // 2024-12-30 (Monday): ISO week 1 of 2025; US week 1 of 2025 too (week holds Jan 1).
    [Date.UTC(2024, 11, 30, 12), '%G-W%V %U %j', '2025-W01 01 365'],
    // 2021-03-03: space padding of %e and %v.
    [Date.UTC(2021, 2, 3, 12), '[%e] %v', '[ 3]  3-Mar-2021'],
    // Midnight is 12 on the 12-hour clock.
    [Date.UTC(2021, 2, 3, 5), '%I %l %p', '12 12 AM'],
  ])('calendar edge %#', (instant, fmt, expected) => {
    expect(run(instant, fmt)).toBe(expected);
  });

  it.each([
    ['America/Adak', '%Z', 'HST'],
    ['Pacific/Pago_Pago', '%Z', 'SST'],
    ['America/Hermosillo', '%Z', 'MST'],
    ['Australia/Lord_Howe', '%Z %z', '+11 +11:00'],
    ['Asia/Kathmandu', '%Z %z', '+0545 +05:45'],
    ['Europe/Moscow', '%Z', 'MSK'],
    ['Atlantic/Bermuda', '%Z', 'AST'],
  ])('names the zone %s like the tz database', (zone, fmt, expected) => {
    expect(run(T1, fmt, zone)).toBe(expected);
  });

  it.each([[undefined], [null], [Number.NaN], [Number.POSITIVE_INFINITY], ['abc'], [''], [{}], [true]])(
    'gives an empty string for %s',
    (value) => {
      expect(run(value, '%Y')).toBe('');
    },
  );

  it('accepts numeric strings and needs a format', () => {
    expect(toInstant('1613597165345')).toBe(T1);
    expect(dateFormatter(T1, [], fakeContext({}), [])).toBe('');
  });

  it('falls back to UTC for an unknown zone', () => {
    expect(run(T1, '%H:%M %z', 'Not/AZone')).toBe('21:26 +00:00');
  });

  it('does not depend on the host time zone', () => {
    const saved = process.env.TZ;
    const results = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles'].map((tz) => {
      process.env.TZ = tz;
      return run(T1, '%F %T %Z');
    });
    process.env.TZ = saved;
    expect(new Set(results)).toEqual(new Set(['2021-02-17 16:26:05 EST']));
  });

  it('is registered as "date"', () => {
    expect(datePlugin.formatters?.date).toBe(dateFormatter);
  });
});
