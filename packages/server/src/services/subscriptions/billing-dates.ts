import { DateTime } from 'luxon';
import type { BillingUnit } from '../../db/schema';

/** How often a subscription renews: every `value` weeks, months or years. */
export interface BillingPeriod {
  unit: BillingUnit;
  value: number;
}

/**
 * The anchor's day of the month in the site's time zone (1–31): what a monthly or yearly
 * subscription comes back to after a shorter month.
 */
export function anchorDayOf(anchorAt: Date, timeZone: string): number {
  return zoned(anchorAt, timeZone).day;
}

function zoned(at: Date, timeZone: string): DateTime {
  const dt = DateTime.fromJSDate(at, { zone: timeZone });
  // An unknown zone name must not turn billing dates into "Invalid DateTime": fall back to UTC.
  return dt.isValid ? dt : DateTime.fromJSDate(at, { zone: 'utc' });
}

/**
 * The `n`-th billing instant after the anchor (n = 0 is the anchor itself), in the site's time
 * zone: the anchor's wall-clock time is kept across daylight-saving changes, and a month-end
 * anchor (the 31st, 30th, 29 February) bills on the last day of a shorter month and goes back
 * to its own day when the month has it. Each date is computed from the anchor, never from the
 * previous date, so a 31st never drifts to the 28th for good.
 *
 * `anchorDay` is the anchor's day of the month as first recorded (the default reads it from
 * the anchor); a wall-clock time that does not exist on the day (a spring-forward gap) moves
 * forward by the gap, as luxon does.
 */
export function billingInstant(
  anchorAt: Date,
  period: BillingPeriod,
  n: number,
  timeZone: string,
  anchorDay = anchorDayOf(anchorAt, timeZone),
): Date {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('cycle offset must be a whole number ≥ 0');
  const value = Math.max(1, Math.floor(period.value));
  const anchor = zoned(anchorAt, timeZone);
  if (n === 0) return anchorAt;
  if (period.unit === 'WEEK') return anchor.plus({ days: 7 * value * n }).toJSDate();
  const months = (period.unit === 'YEAR' ? 12 : 1) * value * n;
  const total = anchor.year * 12 + (anchor.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = DateTime.fromObject({ year, month, day: 1 }, { zone: anchor.zone }).daysInMonth ?? 28;
  const day = Math.min(Math.max(1, anchorDay), lastDay);
  return DateTime.fromObject(
    {
      year,
      month,
      day,
      hour: anchor.hour,
      minute: anchor.minute,
      second: anchor.second,
      millisecond: anchor.millisecond,
    },
    { zone: anchor.zone },
  ).toJSDate();
}

/**
 * When cycle `cycle` (1-based; cycle 1 is billed at the anchor) is due.
 */
export function cycleDueAt(
  anchorAt: Date,
  period: BillingPeriod,
  cycle: number,
  timeZone: string,
  anchorDay?: number,
): Date {
  return billingInstant(anchorAt, period, cycle - 1, timeZone, anchorDay);
}

/**
 * The next billing instant once `cyclesDone` cycles are paid, or null when a fixed term
 * (`numBillingCycles` > 0) is complete.
 */
export function nextBillingAt(
  sub: {
    anchorAt: Date;
    anchorDay?: number;
    periodUnit: BillingUnit;
    periodValue: number;
    numBillingCycles: number;
    cyclesDone: number;
  },
  timeZone: string,
): Date | null {
  if (sub.numBillingCycles > 0 && sub.cyclesDone >= sub.numBillingCycles) return null;
  return billingInstant(
    sub.anchorAt,
    { unit: sub.periodUnit, value: sub.periodValue },
    sub.cyclesDone,
    timeZone,
    sub.anchorDay,
  );
}
