import type { Formatter } from '../../plugin-api';
import { numberOf } from './decimal-value';
import { cldrFor } from './cldr';
import { datetimeOptions, intervalOptions } from './options';

/** `{t|datetime ...}`: CLDR date/time of epoch ms in the site time zone (default long date). */
export const datetime: Formatter = (value, args, ctx) => {
  const cldr = cldrFor(ctx.locale);
  if (!cldr) return '';
  const epoch = numberOf(value);
  if (Number.isNaN(epoch)) return '';
  return cldr.Calendars.formatDate({ date: epoch, zoneId: ctx.timeZone }, datetimeOptions(args));
};

/** `{start, end|datetime-interval [skeleton]}`: CLDR interval between two epoch-ms values. */
export const datetimeInterval: Formatter = (value, args, ctx, extra) => {
  const cldr = cldrFor(ctx.locale);
  if (!cldr || extra.length < 1) return '';
  const start = numberOf(value);
  const end = numberOf(extra[0]);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return '';
  const zoneId = ctx.timeZone;
  return cldr.Calendars.formatDateInterval(
    { date: start, zoneId },
    { date: end, zoneId },
    intervalOptions(args),
  );
};
