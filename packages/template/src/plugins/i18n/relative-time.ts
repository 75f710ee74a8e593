import type { Formatter } from '../../plugin-api';
import { numberOf } from './decimal-value';
import { cldrFor } from './cldr';
import { relativeTimeOptions } from './options';

/**
 * `{t|relative-time}` is the distance from now to t; `{a, b|relative-time}` from a to b.
 * Computed in UTC like the reference (the distance does not depend on a zone).
 */
export const relativeTime: Formatter = (value, args, ctx, extra) => {
  const cldr = cldrFor(ctx.locale);
  if (!cldr) return '';
  let start = ctx.now;
  let end = numberOf(value);
  if (extra.length > 0) {
    start = end;
    end = numberOf(extra[0]);
  }
  if (!Number.isFinite(start) || !Number.isFinite(end)) return '';
  const from = cldr.Calendars.toGregorianDate({ date: start, zoneId: 'UTC' });
  const to = cldr.Calendars.toGregorianDate({ date: end, zoneId: 'UTC' });
  return cldr.Calendars.formatRelativeTime(from, to, relativeTimeOptions(args));
};

const DAY = 86400;

function ago(count: number, unit: string): string {
  if (count === 1) return `about ${unit === 'hour' ? 'an' : 'a'} ${unit} ago`;
  return `about ${count} ${unit}s ago`;
}

/** English, coarse "about N units ago" text for a distance in milliseconds. */
export function humanizeSince(deltaMs: number): string {
  let seconds = deltaMs / 1000;
  const days = Math.trunc(seconds / DAY);
  const years = Math.trunc(days / 365);
  if (years > 0) return ago(years, 'year');
  const months = Math.trunc(days / 30);
  if (months > 0) return ago(months, 'month');
  const weeks = Math.trunc(days / 7);
  if (weeks > 0) return ago(weeks, 'week');
  if (days > 0) return ago(days, 'day');
  seconds -= days * DAY;
  const hours = Math.trunc(seconds / 3600);
  if (hours > 0) return ago(hours, 'hour');
  const minutes = Math.trunc(seconds / 60);
  if (minutes > 0) return ago(minutes, 'minute');
  return 'less than a minute ago';
}

/** `{t|timesince}`: a `timesince` span; "Invalid date." on bad input or without locale data. */
export const timesince: Formatter = (value, _args, ctx) => {
  const epoch = numberOf(value);
  if (!cldrFor(ctx.locale) || !Number.isFinite(epoch)) return 'Invalid date.';
  return `<span class="timesince" data-date="${epoch}">${humanizeSince(ctx.now - epoch)}</span>`;
};
