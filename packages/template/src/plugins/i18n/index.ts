import type { Formatter, TemplatePlugin } from '../../plugin-api';
import { datetime, datetimeInterval } from './datetime';
import { datetimeField } from './datetime-field';
import { i18nMoneyFormat } from './legacy-money';
import { message } from './message';
import { decimal, money } from './numbers';
import { relativeTime, timesince } from './relative-time';
import { unit, unitsMetric } from './unit-format';

/** Bad input must never crash a render: a library failure prints nothing and is reported. */
function guarded(name: string, fn: Formatter): Formatter {
  return (value, args, ctx, extra) => {
    try {
      return fn(value, args, ctx, extra);
    } catch (err) {
      ctx.error(`${name}: ${err instanceof Error ? err.message : String(err)}`);
      return '';
    }
  };
}

const formatters: Record<string, Formatter> = {
  datetime,
  'datetime-interval': datetimeInterval,
  datetimefield: datetimeField,
  decimal,
  'i18n-money-format': i18nMoneyFormat,
  message,
  money,
  plural: message,
  'relative-time': relativeTime,
  timesince,
  unit,
};

/** The built-in "i18n" formatters (CLDR-backed; empty output for the "none" locale). */
export const i18nPlugin: TemplatePlugin = {
  name: 'i18n',
  formatters: Object.fromEntries(Object.entries(formatters).map(([name, fn]) => [name, guarded(name, fn)])),
  predicates: { 'units-metric?': unitsMetric },
};
