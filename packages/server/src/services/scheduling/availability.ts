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

interface ClaimRow {
  staff_id: string;
  kind: ClaimSpan['kind'];
  type_id: string | null;
  starts_at: number;
  ends_at: number;
  occupied_start: number;
  occupied_end: number;
  capacity: number;
  live_seats: number;
}

/** The one query for taken time: active claims of these staff overlapping [from, to), with their live seats. */
export async function loadClaims(
  db: Db,
  siteId: string,
  staffIds: string[],
  from: Date,
  to: Date,
  now: Date,
): Promise<ClaimSpan[]> {
  if (staffIds.length === 0) return [];
  const ms = (column: string) => sql.raw(`(extract(epoch from c.${column}) * 1000)::float8`);
  const rows = await selectRows<ClaimRow>(
    db,
    sql`select c.staff_id, c.kind, c.type_id, ${ms('starts_at')} as starts_at, ${ms('ends_at')} as ends_at,
      ${ms('occupied_start')} as occupied_start, ${ms('occupied_end')} as occupied_end, c.capacity,
      (select count(*) from scheduling_bookings b where b.claim_id = c.id
        and (b.status in ('confirmed', 'no_show', 'completed')
          or (b.status = 'pending_payment' and b.hold_expires_at > ${now.toISOString()}::timestamptz)))::int as live_seats
    from scheduling_claims c
    where c.website_id = ${siteId} and c.active
      and c.staff_id in (${sql.join(
        staffIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and c.occupied_start < ${to.toISOString()}::timestamptz and c.occupied_end > ${from.toISOString()}::timestamptz`,
  );
  return rows.map((r) => ({
    staffId: r.staff_id,
    kind: r.kind,
    typeId: r.type_id,
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    occupiedStart: Number(r.occupied_start),
    occupiedEnd: Number(r.occupied_end),
    capacity: Number(r.capacity),
    liveSeats: Number(r.live_seats),
  }));
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
