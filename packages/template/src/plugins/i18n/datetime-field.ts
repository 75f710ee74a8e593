import type { Formatter } from '../../plugin-api';
import { numberOf } from './decimal-value';
import { cldrFor } from './cldr';

/**
 * `{t|datetimefield FIELD [WIDTH]}`: one localized field of a date (e.g. `month wide` →
 * "February"). Only numbers and numeric strings are dates; anything else passes through
 * unchanged (as the reference's no-op did), so objects still print nothing.
 */

const SKELETONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  era: { wide: 'GGGG', abbreviated: 'G', narrow: 'GGGGG' },
  year: { numeric: 'y', short: 'yy' },
  quarter: { wide: 'QQQQ', abbreviated: 'QQQ', numeric: 'Q' },
  month: { wide: 'LLLL', abbreviated: 'LLL', narrow: 'LLLLL', numeric: 'L', short: 'LL' },
  day: { numeric: 'd', short: 'dd' },
  weekday: { wide: 'cccc', abbreviated: 'ccc', narrow: 'ccccc', short: 'cccccc' },
  dayperiod: { wide: 'aaaa', abbreviated: 'a', narrow: 'aaaaa' },
  hour: { numeric: 'j', short: 'jj' },
  minute: { numeric: 'm', short: 'mm' },
  second: { numeric: 's', short: 'ss' },
  zone: { wide: 'zzzz', abbreviated: 'z', short: 'z' },
};

const ALIASES: Readonly<Record<string, string>> = {
  'day-of-week': 'weekday',
  dayofweek: 'weekday',
  weekdays: 'weekday',
  months: 'month',
  'day-period': 'dayperiod',
  timezone: 'zone',
};

const isNumeric = (v: unknown): boolean =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)));

export const datetimeField: Formatter = (value, args, ctx) => {
  if (!isNumeric(value)) return value;
  const cldr = cldrFor(ctx.locale);
  if (!cldr) return '';
  const name = (args[0] ?? '').toLowerCase();
  const widths = SKELETONS[ALIASES[name] ?? name];
  if (!widths) return '';
  const width = (args[1] ?? '').toLowerCase();
  const skeleton = widths[width] ?? widths.wide ?? widths.numeric;
  return cldr.Calendars.formatDate(
    { date: numberOf(value), zoneId: ctx.timeZone },
    { skeleton, ca: 'gregory' },
  );
};
