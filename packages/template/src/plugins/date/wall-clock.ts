/**
 * Wall-clock fields of an instant in an IANA time zone, computed with Intl so the host
 * time zone never matters. Unknown zones fall back to UTC (the date still renders).
 */
export interface WallClock {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  readonly day: number;
  /** 0..23 */
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
  /** 0 = Sunday .. 6 = Saturday */
  readonly weekday: number;
  /** Offset from UTC in minutes (east positive). */
  readonly offsetMinutes: number;
  /** The zone actually used (after the UTC fallback). */
  readonly timeZone: string;
  /** The instant itself, epoch milliseconds. */
  readonly epoch: number;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat | null {
  let fmt = formatters.get(timeZone);
  if (fmt === undefined) {
    try {
      fmt = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        era: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      fmt = null;
    }
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (year may be <= 0). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return Math.floor(d.getTime() / 86_400_000);
}

export function wallClock(epoch: number, timeZone: string): WallClock {
  let zone = timeZone;
  let fmt = formatterFor(zone);
  if (fmt === null) {
    zone = 'UTC';
    fmt = formatterFor(zone) as Intl.DateTimeFormat;
  }
  const parts: Record<string, string> = {};
  for (const p of fmt.formatToParts(epoch)) parts[p.type] = p.value;
  let year = Number(parts.year);
  // Intl gives era years (1 BC = year 1 BC); astronomical numbering makes 1 BC year 0.
  if (parts.era === 'BC' || parts.era === 'B') year = 1 - year;
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const millisecond = ((epoch % 1000) + 1000) % 1000;
  const days = daysFromCivil(year, month, day);
  const wallMs = days * 86_400_000 + ((hour * 60 + minute) * 60 + second) * 1000 + millisecond;
  const offsetMinutes = Math.round((wallMs - epoch) / 60_000);
  const weekday = (((days + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday
  return {
    year,
    month,
    day,
    hour,
    minute,
    second,
    millisecond,
    weekday,
    offsetMinutes,
    timeZone: zone,
    epoch,
  };
}
