import type { Outcome } from '../../reasons';

const DAY = 86_400_000;
/** A year and a day: enough for year-over-year charts, bounded so one call cannot scan forever. */
export const MAX_RANGE_DAYS = 366;
/** The default range: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

/** Calendar days in the site's time zone, both inclusive, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
}

/** A time zone the database and Intl both know, else UTC (a bad setting must not break the report). */
export function usableTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** Today's calendar date in `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** Midnight UTC of a YYYY-MM-DD calendar date; undefined for anything else (2025-02-30 too). */
function dayMs(value: string): number | undefined {
  const ms = Date.parse(`${value}T00:00:00Z`);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value) return undefined;
  return ms;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range asked for (either end optional), checked: real dates, from ≤ to, at most a year and a day. */
export function dayRange(
  query: { from?: string; to?: string; days?: number },
  timeZone: string,
  now = new Date(),
): Outcome<DayRange> {
  const to = dayMs(query.to || todayIn(timeZone, now));
  if (to === undefined) return { ok: false, reason: 'NOT_A_CALENDAR_DATE', values: { field: 'to' } };
  const from = query.from ? dayMs(query.from) : to - ((query.days ?? DEFAULT_RANGE_DAYS) - 1) * DAY;
  if (from === undefined) return { ok: false, reason: 'NOT_A_CALENDAR_DATE', values: { field: 'from' } };
  if (from > to) return { ok: false, reason: 'RANGE_REVERSED' };
  if ((to - from) / DAY + 1 > MAX_RANGE_DAYS)
    return { ok: false, reason: 'RANGE_TOO_LONG', values: { days: String(MAX_RANGE_DAYS) } };
  return { ok: true, value: { from: dayOf(from), to: dayOf(to), timeZone } };
}

/** Every day of the range, oldest first (the chart's x axis has no gaps). */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  const last = dayMs(range.to) ?? Number.NEGATIVE_INFINITY;
  for (let ms = dayMs(range.from) ?? Number.POSITIVE_INFINITY; ms <= last; ms += DAY) days.push(dayOf(ms));
  return days;
}
