import { describe, expect, it } from 'vitest';
import { fakeContext } from '../../testing/fake-context';
import { humanizeSince, relativeTime, timesince } from './relative-time';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('humanizeSince', () => {
  it.each([
    [30_000, 'less than a minute ago'],
    [MIN, 'about a minute ago'],
    [5 * MIN, 'about 5 minutes ago'],
    [HOUR, 'about an hour ago'],
    [3 * HOUR, 'about 3 hours ago'],
    [DAY, 'about a day ago'],
    [9 * DAY, 'about a week ago'],
    [21 * DAY, 'about 3 weeks ago'],
    [65 * DAY, 'about 2 months ago'],
    [800 * DAY, 'about 2 years ago'],
    [-5 * DAY, 'less than a minute ago'],
  ])('%d ms', (delta, expected) => {
    expect(humanizeSince(delta)).toBe(expected);
  });
});

describe('timesince', () => {
  const now = Date.UTC(2024, 5, 1);
  it('wraps the text in a span with the date', () => {
    const t = now - 3 * DAY;
    expect(timesince(t, [], fakeContext({ now }), [])).toBe(
      `<span class="timesince" data-date="${t}">about 3 days ago</span>`,
    );
  });

  it.each([
    ['bad input', 'x.y', 'en'],
    ['no locale data', now, null],
  ])('Invalid date. on %s', (_why, value, locale) => {
    expect(timesince(value, [], fakeContext({ now, locale }), [])).toBe('Invalid date.');
  });
});

describe('relative-time', () => {
  const now = Date.UTC(2024, 5, 1, 12);
  const ctx = fakeContext({ now, locale: 'en' });
  it.each([
    [now + 3 * HOUR, [], [], 'in 3 hours'],
    [now - 2 * DAY, [], [], '2 days ago'],
    [now - 2 * DAY, ['context:begin-sentence'], [], '2 days ago'],
    [now, ['allowWeeks:true'], [now + 15 * DAY], 'in 2 weeks'],
    [now, [], [now + 15 * DAY], 'in 15 days'],
  ])('%d %j', (value, args, extra, expected) => {
    expect(relativeTime(value, args, ctx, extra)).toBe(expected);
  });

  it('localizes and needs locale data', () => {
    expect(relativeTime(now - 3 * DAY, [], fakeContext({ now, locale: 'de' }), [])).toBe('vor 3 Tagen');
    expect(relativeTime(now, [], fakeContext({ now, locale: null }), [])).toBe('');
  });
});
