/**
 * The Scheduling area's rules that are not drawing: wall-clock times in the site's time zone
 * (Intl only, no date library in the studio bundle), the calendar's day and week ranges, the
 * appointment type and staff drafts and the bodies they become (checked by the API's schemas).
 */
import {
  type AppointmentType,
  type Booking,
  type BookingStatus,
  type StaffMember,
  appointmentTypeBody,
  staffBody,
} from '@store/api';
import { parseMoney } from '@store/commerce';
import { z } from 'zod';

// ---------------------------------------------------------------- time zones

/** The parts of an instant's wall-clock time in `timeZone`. */
export function zonedParts(instant: Date | string, timeZone: string) {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')) % 24,
    minute: Number(get('minute')),
    second: Number(get('second')),
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: weekdays.indexOf(get('weekday')) + 1,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of an instant in `timeZone`. */
export function zonedDate(instant: Date | string, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** "HH:MM" of an instant in `timeZone`. */
export function zonedTime(instant: Date | string, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The instant a wall-clock date and time ("2026-03-09", "09:00") has in `timeZone`. In a
 * daylight-saving gap the time moves forward by the gap (as calendars do); in an overlap the
 * earlier of the two instants is taken.
 */
export function zonedToInstant(date: string, time: string, timeZone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const wanted = Date.UTC(y, m - 1, d, hh, mm);
  const offsetAt = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
  };
  // The offsets half a day before and after: around a change they differ, elsewhere they agree.
  const before = wanted - offsetAt(wanted - 12 * 3600_000);
  const after = wanted - offsetAt(wanted + 12 * 3600_000);
  const fits = (t: number) => {
    const p = zonedParts(new Date(t), timeZone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wanted;
  };
  const matching = [before, after].filter(fits);
  // No match: a time in the gap, moved forward by it (the offset before the change).
  return new Date(matching.length > 0 ? Math.min(...matching) : before);
}

/** A calendar date moved by `days` ("2026-03-09" + 1 → "2026-03-10"). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function weekdayOf(date: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;
}

export type CalendarView = 'day' | 'week';

/** The dates a view shows: the day itself, or Monday to Sunday of its week. */
export function viewDates(date: string, view: CalendarView): string[] {
  if (view === 'day') return [date];
  const monday = addDays(date, 1 - weekdayOf(date));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The UTC range the calendar asks the server for: the first date's midnight to the day after the last. */
export function viewRange(dates: readonly string[], timeZone: string): { from: string; to: string } {
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? first;
  return {
    from: zonedToInstant(first, '00:00', timeZone).toISOString(),
    to: zonedToInstant(addDays(last, 1), '00:00', timeZone).toISOString(),
  };
}

/** "Mon 9 Mar" of a calendar date (written for the site's zone, so no shift). */
export function dateLabel(date: string, options: Intl.DateTimeFormatOptions = {}): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...options,
  }).format(new Date(Date.UTC(y, m - 1, d, 12)));
}

/** "09:00–09:45" of a booking or block in the site's time zone. */
export function timeRange(start: string, end: string, timeZone: string): string {
  return `${zonedTime(start, timeZone)}–${zonedTime(end, timeZone)}`;
}

/** "Mon 9 Mar 2026, 09:00" of an instant in `timeZone`. */
export function whenLabel(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));
}

/** What the calendar places on a date: the entries whose start falls on it in the site's zone. */
export function onDate<T extends { start: string }>(
  entries: readonly T[],
  date: string,
  timeZone: string,
): T[] {
  return entries
    .filter((e) => zonedDate(e.start, timeZone) === date)
    .sort((a, b) => a.start.localeCompare(b.start));
}

export const bookingStatusLabels: Record<BookingStatus, string> = {
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
  completed: 'Completed',
};

/** What may still be done to a booking: only a live one is moved, cancelled or marked. */
export function bookingActions(b: Pick<Booking, 'status' | 'start'>, now = Date.now()) {
  const live = b.status === 'confirmed' || b.status === 'pending_payment';
  return {
    reschedule: live,
    cancel: live,
    // A no-show is said once the time has begun.
    noShow: b.status === 'confirmed' && Date.parse(b.start) <= now,
  };
}

// ---------------------------------------------------------------- appointment types

export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** What the owner types for an appointment type: numbers as text, the price as money text. */
export interface TypeDraft {
  name: string;
  description: string;
  durationMinutes: string;
  paid: boolean;
  price: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  capacity: string;
  location: string;
  videoUrl: string;
  intakeFormId: string;
  minimumNoticeHours: string;
  horizonDays: string;
  changeNoticeHours: string;
  active: boolean;
  staffIds: string[];
}

export const emptyTypeDraft: TypeDraft = {
  name: '',
  description: '',
  durationMinutes: '30',
  paid: false,
  price: '',
  bufferBeforeMinutes: '0',
  bufferAfterMinutes: '0',
  capacity: '1',
  location: '',
  videoUrl: '',
  intakeFormId: '',
  minimumNoticeHours: '0',
  horizonDays: '60',
  changeNoticeHours: '0',
  active: true,
  staffIds: [],
};

/** Minor units → "45.00" for the price field. */
function moneyText(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return (minor / 10 ** (digits ?? 2)).toFixed(digits ?? 2);
}

const hours = (minutes: number) => String(Math.round((minutes / 60) * 100) / 100);

export function typeDraftOf(type: AppointmentType): TypeDraft {
  return {
    name: type.name,
    description: type.description,
    durationMinutes: String(type.durationMinutes),
    paid: type.priceMinor > 0,
    price: type.priceMinor > 0 ? moneyText(type.priceMinor, type.currency) : '',
    bufferBeforeMinutes: String(type.bufferBeforeMinutes),
    bufferAfterMinutes: String(type.bufferAfterMinutes),
    capacity: String(type.capacity),
    location: type.location,
    videoUrl: type.videoUrl ?? '',
    intakeFormId: type.intakeFormId ?? '',
    minimumNoticeHours: hours(type.minimumNoticeMinutes),
    horizonDays: String(type.horizonDays),
    changeNoticeHours: hours(type.changeNoticeMinutes),
    active: type.active,
    staffIds: [...type.staffIds],
  };
}

/** A whole number typed in a field; NaN (the schema then names the field) when it is not one. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);
const hoursToMinutes = (text: string) =>
  /^\s*\d+(\.\d+)?\s*$/.test(text) ? Math.round(Number(text) * 60) : Number.NaN;

/**
 * The appointment type form's schema: the draft becomes the API body (the price in minor
 * units of the site's currency, hours in minutes), then `appointmentTypeBody` checks it, so
 * errors carry the API's paths.
 */
type AppointmentTypeBody = z.output<typeof appointmentTypeBody> & { currency: string };

export function typeSchema(currency: string) {
  return z
    .custom<TypeDraft>((v) => typeof v === 'object' && v !== null)
    .transform((draft, ctx) => {
      let priceMinor = 0;
      if (draft.paid) {
        const parsed = parseMoney(draft.price.trim(), currency);
        if (!parsed.ok || parsed.minor <= 0) {
          ctx.addIssue({ code: 'custom', path: ['priceMinor'], message: 'Enter a price, like 45.00.' });
          return z.NEVER;
        }
        priceMinor = parsed.minor;
      }
      const body: AppointmentTypeBody = {
        name: draft.name,
        description: draft.description,
        durationMinutes: whole(draft.durationMinutes),
        priceMinor,
        currency,
        bufferBeforeMinutes: whole(draft.bufferBeforeMinutes),
        bufferAfterMinutes: whole(draft.bufferAfterMinutes),
        capacity: whole(draft.capacity),
        location: draft.location,
        videoUrl: draft.videoUrl.trim() || null,
        intakeFormId: draft.intakeFormId || null,
        minimumNoticeMinutes: hoursToMinutes(draft.minimumNoticeHours),
        horizonDays: whole(draft.horizonDays),
        changeNoticeMinutes: hoursToMinutes(draft.changeNoticeHours),
        slotStepMinutes: null,
        active: draft.active,
        staffIds: draft.staffIds,
      };
      return body;
    })
    .pipe(
      appointmentTypeBody as unknown as z.ZodType<z.output<typeof appointmentTypeBody>, AppointmentTypeBody>,
    );
}

/** "45 min", "1 h 30 min" */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : ''].filter(Boolean).join(' ') || '0 min';
}

// ---------------------------------------------------------------- staff hours

export interface DayHours {
  weekday: number;
  intervals: { start: string; end: string }[];
}

/** Weekly intervals grouped by weekday, Monday first, each day's ranges in order. */
export function weekOf(weekly: StaffMember['weekly']): DayHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    intervals: weekly
      .filter((i) => i.weekday === weekday)
      .map(({ start, end }) => ({ start, end }))
      .sort((a, b) => a.start.localeCompare(b.start)),
  }));
}

/** Back to the API's flat list. */
export function weeklyOf(days: readonly DayHours[]): { weekday: number; start: string; end: string }[] {
  return days.flatMap((d) => d.intervals.map((i) => ({ weekday: d.weekday, ...i })));
}

/** Monday to Friday, 09:00–17:00: what a new staff member starts with. */
export const OFFICE_HOURS: DayHours[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  weekday,
  intervals: weekday <= 5 ? [{ start: '09:00', end: '17:00' }] : [],
}));

/** Overlapping ranges on one day, as a message for that day ('' when none). */
export function overlapMessage(day: DayHours): string {
  const sorted = [...day.intervals].sort((a, b) => a.start.localeCompare(b.start));
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    const current = sorted[i];
    if (previous && current && current.start < previous.end)
      return `${WEEKDAY_NAMES[day.weekday - 1]}: ${previous.start}–${previous.end} and ${current.start}–${current.end} overlap.`;
  }
  return '';
}

/** "Mon–Fri 09:00–17:00" style summary of a week: neighbouring days with the same hours go together. */
export function hoursSummary(weekly: StaffMember['weekly']): string {
  const days = weekOf(weekly);
  const text = (d: DayHours) => d.intervals.map((i) => `${i.start}–${i.end}`).join(', ');
  const short = (d: DayHours) => WEEKDAY_NAMES[d.weekday - 1]?.slice(0, 3) ?? '';
  const runs: { from: DayHours; to: DayHours; hours: string }[] = [];
  for (const day of days) {
    const hours = text(day);
    const last = runs[runs.length - 1];
    if (last && last.hours === hours && last.to.weekday === day.weekday - 1) last.to = day;
    else runs.push({ from: day, to: day, hours });
  }
  const open = runs.filter((r) => r.hours);
  if (open.length === 0) return 'No hours';
  return open
    .map((r) => `${short(r.from)}${r.to === r.from ? '' : `–${short(r.to)}`} ${r.hours}`)
    .join(' · ');
}

export { staffBody };
