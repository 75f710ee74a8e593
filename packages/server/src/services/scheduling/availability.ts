import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database, Tx } from '../../db/client';
import { selectRows } from '../../db/rows';
import {
  schedulingExceptions,
  schedulingHolidays,
  schedulingStaff,
  schedulingTypeStaff,
  schedulingTypes,
  schedulingWeeklyHours,
} from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import { minutesOf, usableZone } from './clock';
import {
  type ClaimSpan,
  type DayRange,
  type Slot,
  type SlotRules,
  type StaffHours,
  freeSlots,
} from './slots';

type Db = Database | Tx;
export type TypeRow = typeof schedulingTypes.$inferSelect;

/** The site fields scheduling reads: its id, time zone (site settings) and currency. */
export interface SchedulingSite {
  id: string;
  timeZone: string;
  currency: string;
}

/** Booking statuses whose seat is taken (a pending payment only until its hold expires). */
export const LIVE_STATUSES = ['confirmed', 'no_show', 'completed'] as const;

export function rulesOf(type: TypeRow): SlotRules {
  return {
    typeId: type.id,
    durationMinutes: type.durationMinutes,
    bufferBeforeMinutes: type.bufferBeforeMinutes,
    bufferAfterMinutes: type.bufferAfterMinutes,
    capacity: type.capacity,
    minimumNoticeMinutes: type.minimumNoticeMinutes,
    horizonDays: type.horizonDays,
    slotStepMinutes: type.slotStepMinutes,
  };
}

/** The active staff members of the site who give `typeId` (optionally only `staffId`). */
export async function staffOfType(
  db: Db,
  siteId: string,
  typeId: string,
  staffId?: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: schedulingStaff.id })
    .from(schedulingTypeStaff)
    .innerJoin(schedulingStaff, eq(schedulingStaff.id, schedulingTypeStaff.staffId))
    .where(
      and(
        eq(schedulingTypeStaff.websiteId, siteId),
        eq(schedulingTypeStaff.typeId, typeId),
        eq(schedulingStaff.active, true),
        staffId ? eq(schedulingStaff.id, staffId) : undefined,
      ),
    )
    .orderBy(asc(schedulingStaff.createdAt));
  return rows.map((r) => r.id);
}

/** Weekly hours, exceptions and holidays of these staff members between two local dates. */
async function loadHours(db: Db, siteId: string, staffIds: string[], fromDate: string, toDate: string) {
  const [weekly, exceptions, holidays] = await Promise.all([
    db
      .select()
      .from(schedulingWeeklyHours)
      .where(
        and(eq(schedulingWeeklyHours.websiteId, siteId), inArray(schedulingWeeklyHours.staffId, staffIds)),
      ),
    db
      .select()
      .from(schedulingExceptions)
      .where(
        and(
          eq(schedulingExceptions.websiteId, siteId),
          inArray(schedulingExceptions.staffId, staffIds),
          gte(schedulingExceptions.date, fromDate),
          lte(schedulingExceptions.date, toDate),
        ),
      ),
    db
      .select({ date: schedulingHolidays.date })
      .from(schedulingHolidays)
      .where(
        and(
          eq(schedulingHolidays.websiteId, siteId),
          gte(schedulingHolidays.date, fromDate),
          lte(schedulingHolidays.date, toDate),
        ),
      ),
  ]);
  const staff: StaffHours[] = staffIds.map((id) => ({ id, weekly: new Map(), exceptions: new Map() }));
  const byId = new Map(staff.map((s) => [s.id, s]));
  for (const row of weekly) {
    const hours = byId.get(row.staffId);
    if (!hours) continue;
    const list = hours.weekly.get(row.weekday) ?? [];
    list.push([row.startMinute, row.endMinute]);
    hours.weekly.set(row.weekday, list);
  }
  for (const row of exceptions) {
    const ranges: DayRange[] = row.closed
      ? []
      : row.intervals.map((i) => [minutesOf(i.start), minutesOf(i.end)]);
    byId.get(row.staffId)?.exceptions.set(row.date, ranges);
  }
  return { staff, holidays: new Set(holidays.map((h) => h.date)) };
}

/** [claim id, staff id, kind, type id, starts, ends, occupied start, occupied end (ms), capacity]. */
type ClaimTuple = [string, string, ClaimSpan['kind'], string | null, number, number, number, number, number];

/**
 * The one query for taken time: active claims of these staff overlapping [from, to) and the
 * live bookings (seats) of that range, counted here per claim. Both come back as one JSON
 * value: one row instead of hundreds keeps PGlite's answer cheap (bench/scheduling).
 */
export async function loadClaims(
  db: Db,
  siteId: string,
  staffIds: string[],
  from: Date,
  to: Date,
  now: Date,
): Promise<ClaimSpan[]> {
  if (staffIds.length === 0) return [];
  const ms = (column: string) => sql.raw(`extract(epoch from c.${column}) * 1000`);
  const staffList = sql.join(
    staffIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const fromIso = from.toISOString();
  const toIso = to.toISOString();
  const [row] = await selectRows<{ claims: string | null; seats: string | null }>(
    db,
    sql`select
      (select json_agg(json_build_array(c.id, c.staff_id, c.kind, c.type_id, ${ms('starts_at')}, ${ms('ends_at')},
          ${ms('occupied_start')}, ${ms('occupied_end')}, c.capacity))::text
        from scheduling_claims c
        where c.website_id = ${siteId} and c.active and c.staff_id in (${staffList})
          and c.occupied_start < ${toIso}::timestamptz and c.occupied_end > ${fromIso}::timestamptz) as claims,
      (select json_agg(b.claim_id)::text
        from scheduling_bookings b
        where b.website_id = ${siteId} and b.staff_id in (${staffList})
          and b.occupied_start < ${toIso}::timestamptz and b.occupied_end > ${fromIso}::timestamptz
          and (b.status in ('confirmed', 'no_show', 'completed')
            or (b.status = 'pending_payment' and b.hold_expires_at > ${now.toISOString()}::timestamptz))) as seats`,
  );
  const seats = new Map<string, number>();
  for (const claimId of JSON.parse(row?.seats ?? '[]') as string[])
    seats.set(claimId, (seats.get(claimId) ?? 0) + 1);
  return (JSON.parse(row?.claims ?? '[]') as ClaimTuple[]).map(
    ([id, staffId, kind, typeId, startsAt, endsAt, occupiedStart, occupiedEnd, capacity]) => ({
      staffId,
      kind,
      typeId,
      startsAt: Number(startsAt),
      endsAt: Number(endsAt),
      occupiedStart: Number(occupiedStart),
      occupiedEnd: Number(occupiedEnd),
      capacity: Number(capacity),
      liveSeats: seats.get(id) ?? 0,
    }),
  );
}

/** Free slots of `type` between two local dates (inclusive), for its staff or one of them. */
export async function slotsBetween(
  db: Db,
  site: SchedulingSite,
  type: TypeRow,
  fromDate: string,
  toDate: string,
  options: { staffId?: string; now?: Date; ignoreTaken?: boolean } = {},
): Promise<Slot[]> {
  const zone = usableZone(site.timeZone);
  const now = options.now ?? new Date();
  const staffIds = await staffOfType(db, site.id, type.id, options.staffId);
  if (staffIds.length === 0) return [];
  // Claims reaching into the range through their buffers count too: a day's margin each side.
  const from = DateTime.fromISO(fromDate, { zone }).minus({ days: 1 }).toJSDate();
  const to = DateTime.fromISO(toDate, { zone }).plus({ days: 2 }).toJSDate();
  const [hours, claims] = await Promise.all([
    loadHours(db, site.id, staffIds, fromDate, toDate),
    options.ignoreTaken ? [] : loadClaims(db, site.id, staffIds, from, to, now),
  ]);
  return freeSlots({
    zone,
    rules: rulesOf(type),
    staff: hours.staff,
    holidays: hours.holidays,
    claims,
    fromDate,
    toDate,
    now: now.getTime(),
  });
}

export async function findType(db: Db, siteId: string, typeId: string): Promise<TypeRow | undefined> {
  const [row] = await db
    .select()
    .from(schedulingTypes)
    .where(and(eq(schedulingTypes.websiteId, siteId), eq(schedulingTypes.id, typeId)));
  return row;
}

/** The visitor's month ("YYYY-MM" of the site's calendar): free start times as UTC instants. */
export async function monthAvailability(
  db: Database,
  site: SchedulingSite,
  typeId: string,
  month: string,
  options: { staffId?: string; now?: Date } = {},
): Promise<Outcome<{ timeZone: string; slots: Slot[] }>> {
  const type = await findType(db, site.id, typeId);
  if (!type?.active)
    return { ok: false, reason: 'SCHEDULING_NOT_FOUND', values: { what: 'That appointment type' } };
  const zone = usableZone(site.timeZone);
  const first = DateTime.fromISO(`${month}-01`, { zone });
  const fromDate = first.toISODate() as string;
  const toDate = first.endOf('month').toISODate() as string;
  const slots = await slotsBetween(db, site, type, fromDate, toDate, options);
  return { ok: true, value: { timeZone: zone, slots } };
}

/**
 * Which staff members (of those asked) are free to start `type` at `start`: the same rules as
 * the visitor's list (hours, notice, horizon, buffers, taken time), for the start's local day.
 */
export async function freeStaffAt(
  db: Db,
  site: SchedulingSite,
  type: TypeRow,
  start: Date,
  options: { staffId?: string; now?: Date; ignoreTaken?: boolean } = {},
): Promise<string[]> {
  const zone = usableZone(site.timeZone);
  const date = DateTime.fromJSDate(start, { zone }).toISODate() as string;
  const slots = await slotsBetween(db, site, type, date, date, options);
  return slots.find((s) => s.start === start.getTime())?.staffIds ?? [];
}
