import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { datetime, datetimeInterval } from './datetime';
import { datetimeField } from './datetime-field';

// 2021-07-04T16:30:15Z: 12:30 in New York (EDT), 09:30 in Los Angeles, 01:30 next day in Tokyo.
const T = Date.UTC(2021, 6, 4, 16, 30, 15);
const ny = fakeContext({ locale: 'en-US' });

describe('datetime', () => {
  it.each([
    [[], 'July 4, 2021'],
    [['short'], '7/4/21, 12:30\u202fPM'],
    [['date:medium'], 'Jul 4, 2021'],
    [['time:short'], '12:30\u202fPM'],
    [['skeleton:yMMMd'], 'Jul 4, 2021'],
    [['date:yMd', 'time:hm'], '7/4/2021, 12:30\u202fPM'],
    [['EEEE'], 'Sunday'],
  ])('formats %j in the site zone', (args, expected) => {
    expect(datetime(T, args, ny, [])).toBe(expected);
  });

  it('uses ctx.timeZone, not the host zone', () => {
    expect(datetime(T, ['time:short'], fakeContext({ timeZone: 'America/Los_Angeles' }), [])).toBe(
      '9:30\u202fAM',
    );
    expect(datetime(T, [], fakeContext({ timeZone: 'Asia/Tokyo' }), [])).toBe('July 5, 2021');
  });

  it('localizes', () => {
    expect(datetime(T, ['date:long'], fakeContext({ locale: 'fr-FR' }), [])).toBe('4 juillet 2021');
    expect(datetime(T, ['date:long'], fakeContext({ locale: 'de-DE' }), [])).toBe('4. Juli 2021');
  });

  it('outputs nothing without locale data', () => {
    expect(datetime(T, [], fakeContext({ locale: null }), [])).toBe('');
  });
});

describe('datetime-interval', () => {
  const hour = 3600_000;
  it.each([
    [T + 2 * hour, [], '12:30\u2009\u2013\u20092:30\u202fPM'],
    [T + 40 * 24 * hour, [], 'Jul 4\u2009\u2013\u2009Aug 13, 2021'],
    [T + 400 * 24 * hour, ['yMMM'], 'Jul 2021\u2009\u2013\u2009Aug 2022'],
  ])('from T to %d %j', (end, args, expected) => {
    expect(datetimeInterval(T, args, ny, [end])).toBe(expected);
  });

  it('needs a second input and locale data', () => {
    expect(datetimeInterval(T, [], ny, [])).toBe('');
    expect(datetimeInterval(T, [], fakeContext({ locale: null }), [T + 1])).toBe('');
  });
});

describe('datetimefield', () => {
  it.each([
    [['month', 'wide'], 'July'],
    [['month', 'abbreviated'], 'Jul'],
    [['weekday'], 'Sunday'],
    [['year'], '2021'],
  ])('%j', (args, expected) => {
    expect(datetimeField(T, args, ny, [])).toBe(expected);
  });

  it('passes non-dates through', () => {
    const obj = { a: 1 };
    expect(datetimeField(obj, ['month'], ny, [])).toBe(obj);
  });
});
