import { DateTime } from 'luxon';
import { wallClock } from './clock';

/**
 * Free start times, computed in memory from what one query loaded (availability.ts): the
 * staff's weekly hours and exceptions (site time zone), holidays, and the staff time already
 * claimed. Pure, so the same rules answer the visitor's month and check a booking's start.
 */

export interface SlotRules {
  typeId: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  capacity: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
  slotStepMinutes: number | null;
}

/** [startMinute, endMinute) of a local day. */
export type DayRange = readonly [number, number];

export interface StaffHours {
  id: string;
  /** ISO weekday (1 Monday … 7 Sunday) → ranges. */
  weekly: Map<number, DayRange[]>;
  /** "YYYY-MM-DD" → the ranges of that date instead (empty: closed). */
  exceptions: Map<string, DayRange[]>;
}

/** Active staff time in ms since the epoch, with how many live seats it holds. */
export interface ClaimSpan {
  staffId: string;
  kind: 'appointment' | 'class' | 'block';
  typeId: string | null;
  startsAt: number;
  endsAt: number;
  occupiedStart: number;
  occupiedEnd: number;
  capacity: number;
  liveSeats: number;
}

export interface Slot {
  start: number;
  end: number;
  staffIds: string[];
  seatsLeft: number;
}

export interface SlotQuery {
  zone: string;
  rules: SlotRules;
  staff: StaffHours[];
  holidays: Set<string>;
  /** Every staff member's claims overlapping the range; any order. */
  claims: ClaimSpan[];
  /** First and last local calendar date ("YYYY-MM-DD"), inclusive. */
  fromDate: string;
  toDate: string;
  now: number;
}

/** Claims that still take time: blocks, and appointments or classes with a live seat. */
function takesTime(claim: ClaimSpan): boolean {
  return claim.kind === 'block' || claim.liveSeats > 0;
}

/** Overlapping or touching ranges as one, in order (slots then only ever move forward). */
export function mergeRanges(ranges: readonly DayRange[]): DayRange[] {
  const out: [number, number][] = [];
  for (const [from, to] of [...ranges].sort((a, b) => a[0] - b[0])) {
    const lastRange = out[out.length - 1];
    if (lastRange && from <= lastRange[1]) lastRange[1] = Math.max(lastRange[1], to);
    else out.push([from, to]);
  }
  return out;
}

export function freeSlots(query: SlotQuery): Slot[] {
  const { rules, zone, now } = query;
  const durationMs = rules.durationMinutes * 60_000;
  const beforeMs = rules.bufferBeforeMinutes * 60_000;
  const afterMs = rules.bufferAfterMinutes * 60_000;
  const step = rules.slotStepMinutes ?? rules.durationMinutes;
  const earliest = now + rules.minimumNoticeMinutes * 60_000;
  const latest = DateTime.fromMillis(now, { zone }).plus({ days: rules.horizonDays }).toMillis();

  const byStaff = new Map<string, ClaimSpan[]>();
  for (const claim of query.claims) {
    if (!takesTime(claim)) continue;
    const list = byStaff.get(claim.staffId) ?? [];
    list.push(claim);
    byStaff.set(claim.staffId, list);
  }
  // One staff member's active claims never overlap (the exclusion constraint), so sorted by
  // start they are sorted by end too: one forward pointer per staff member suffices.
  for (const list of byStaff.values()) list.sort((a, b) => a.occupiedStart - b.occupiedStart);

  const merged = new Map<number, Slot>();
  const first = DateTime.fromISO(query.fromDate, { zone: 'UTC' });
  const last = DateTime.fromISO(query.toDate, { zone: 'UTC' });
  if (!first.isValid || !last.isValid) return [];
  // Local calendar dates as UTC midnights (plain arithmetic); instants through the zone's clock.
  const toInstant = wallClock(zone);
  const days: { date: string; weekday: number; wall: number }[] = [];
  for (let wall = first.toMillis(); wall <= last.toMillis(); wall += 86_400_000) {
    const date = new Date(wall);
    days.push({ date: date.toISOString().slice(0, 10), weekday: ((date.getUTCDay() + 6) % 7) + 1, wall });
  }
  for (const staff of query.staff) {
    const claims = byStaff.get(staff.id) ?? [];
    let pointer = 0;
    for (const { date, weekday, wall } of days) {
      if (query.holidays.has(date)) continue;
      const ranges = staff.exceptions.get(date) ?? staff.weekly.get(weekday) ?? [];
      const starts = new Set<number>();
      for (const [from, to] of mergeRanges(ranges)) {
        const rangeStart = toInstant(wall + from * 60_000);
        const rangeEnd = toInstant(wall + to * 60_000);
        // No clock change inside the range (nearly always): its starts are plain arithmetic.
        // Otherwise each start is placed on the wall clock on its own.
        const uniform = rangeEnd - rangeStart === (to - from) * 60_000;
        for (let minute = from; minute + rules.durationMinutes <= to; minute += step) {
          const start = uniform ? rangeStart + (minute - from) * 60_000 : toInstant(wall + minute * 60_000);
          const end = start + durationMs;
          if (end > rangeEnd || start < earliest || start > latest || starts.has(start)) continue;
          const occupiedStart = start - beforeMs;
          const occupiedEnd = end + afterMs;
          while (pointer < claims.length && (claims[pointer] as ClaimSpan).occupiedEnd <= occupiedStart)
            pointer++;
          let seatsLeft = rules.capacity;
          let free = true;
          for (let i = pointer; i < claims.length; i++) {
            const claim = claims[i] as ClaimSpan;
            if (claim.occupiedStart >= occupiedEnd) break;
            // A class session of this type at this very time still has seats to offer.
            const sameSession =
              claim.kind === 'class' &&
              claim.typeId === rules.typeId &&
              claim.startsAt === start &&
              claim.endsAt === end;
            if (sameSession && claim.liveSeats < claim.capacity) {
              seatsLeft = claim.capacity - claim.liveSeats;
              continue;
            }
            free = false;
            break;
          }
          if (!free) continue;
          starts.add(start);
          const slot = merged.get(start);
          if (slot) {
            slot.staffIds.push(staff.id);
            slot.seatsLeft = Math.max(slot.seatsLeft, seatsLeft);
          } else merged.set(start, { start, end, staffIds: [staff.id], seatsLeft });
        }
      }
    }
  }
  return [...merged.values()].sort((a, b) => a.start - b.start);
}
