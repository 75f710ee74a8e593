import { daysFromCivil } from './wall-clock';

/** A week number and the year it belongs to. */
export interface WeekOfYear {
  readonly year: number;
  readonly week: number;
}

/** Day number (since epoch) of the first day of week 1 of `year`. */
function firstWeekStart(year: number, firstDay: number, minDays: number): number {
  const jan1 = daysFromCivil(year, 1, 1);
  const jan1Weekday = (((jan1 + 4) % 7) + 7) % 7;
  const back = (jan1Weekday - firstDay + 7) % 7;
  const start = jan1 - back;
  // Week 1 is the first week with at least `minDays` days in the year.
  return 7 - back >= minDays ? start : start + 7;
}

/**
 * Week of year under a week definition: `firstDay` 0 = Sunday .. 6 = Saturday, and the
 * minimal number of days of the new year that week 1 must contain. The US rule is
 * (0, 1); ISO 8601 is (1, 4). Days before week 1 belong to the last week of the previous year,
 * days from next year's week 1 on belong to it.
 */
export function weekOfYear(
  year: number,
  month: number,
  day: number,
  firstDay: number,
  minDays: number,
): WeekOfYear {
  const dn = daysFromCivil(year, month, day);
  const next = firstWeekStart(year + 1, firstDay, minDays);
  if (dn >= next) return { year: year + 1, week: 1 };
  const start = firstWeekStart(year, firstDay, minDays);
  if (dn < start) {
    const prev = firstWeekStart(year - 1, firstDay, minDays);
    return { year: year - 1, week: Math.floor((dn - prev) / 7) + 1 };
  }
  return { year, week: Math.floor((dn - start) / 7) + 1 };
}

/** Day of the year, 1-based. */
export function dayOfYear(year: number, month: number, day: number): number {
  return daysFromCivil(year, month, day) - daysFromCivil(year, 1, 1) + 1;
}
