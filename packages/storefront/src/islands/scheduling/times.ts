/**
 * Times for the visitor: every instant the server sends (UTC) shown in the visitor's own time
 * zone with Intl (no date library in the page), grouped by the visitor's calendar date.
 */

/** The visitor's IANA time zone ("Asia/Tokyo"), or UTC when the browser does not say. */
export function visitorZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** "Asia/Tokyo (GMT+9)": the zone's name and its offset at `at`. */
export function zoneLabel(timeZone: string, at: Date = new Date()): string {
  const offset =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return offset ? `${timeZone.replace(/_/g, ' ')} (${offset})` : timeZone.replace(/_/g, ' ');
}

/** Minutes a zone is ahead of UTC at `at` (GMT+9 → 540, GMT-4 → -240, GMT+5:30 → 330). */
export function offsetMinutes(timeZone: string, at: Date = new Date()): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * The site's months that hold times of the visitor's month `month`: that month, and the one
 * before when the visitor is ahead of the site (its first hours are the site's last day of
 * the month before), or the one after when behind.
 */
export function siteMonthsFor(month: string, visitorZone: string, siteZone: string): string[] {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1, 15));
  const ahead = offsetMinutes(visitorZone, at) - offsetMinutes(siteZone, at);
  if (ahead > 0) return [addMonths(month, -1), month];
  if (ahead < 0) return [month, addMonths(month, 1)];
  return [month];
}

/** "2026-03-09": the calendar date of an instant in `timeZone`. */
export function dateKey(instant: string | Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** "09:00" (or "9:00 AM", as the visitor's language writes times). */
export function timeText(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(instant),
  );
}

/** "Monday 9 March 2026" of a date key (a calendar date, so no zone shift). */
export function dayText(key: string, options: Intl.DateTimeFormatOptions = {}): string {
  const [y = 0, m = 1, d = 1] = key.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    ...options,
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** "Monday 9 March 2026 at 09:00" of an instant in `timeZone`. */
export function whenText(instant: string, timeZone: string): string {
  return `${dayText(dateKey(instant, timeZone))}, ${timeText(instant, timeZone)}`;
}

/** "2026-03" moved by `months`. */
export function addMonths(month: string, months: number): string {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1 + months, 1));
  return `${t.getUTCFullYear()}-${String(t.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "March 2026" */
export function monthText(month: string): string {
  return dayText(`${month}-01`, { weekday: undefined, day: undefined });
}

/** Slots grouped by the visitor's date, dates and times in order. */
export function byDate<T extends { start: string }>(slots: readonly T[], timeZone: string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const key = dateKey(slot.start, timeZone);
    const list = out.get(key) ?? [];
    list.push(slot);
    out.set(key, list);
  }
  return out;
}

/** "€45.00" in the visitor's language; "Free" for 0. */
export function priceText(minor: number, currency: string): string {
  if (minor === 0) return 'Free';
  try {
    const fmt = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    const digits = fmt.resolvedOptions().maximumFractionDigits ?? 2;
    return fmt.format(minor / 10 ** digits);
  } catch {
    return `${minor} ${currency}`;
  }
}

/** "45 min", "1 h 30 min" */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}
