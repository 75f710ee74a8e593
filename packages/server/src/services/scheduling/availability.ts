import { type SQL, and, asc, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database, Tx } from '../../db/client';
import { selectRows } from '../../db/rows';
import {
  type ExceptionInterval,
  schedulingStaff,
  schedulingTypeStaff,
  schedulingTypes,
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

/** [claim id, staff id, kind, type id, starts, ends, occupied start, occupied end (ms), capacity]. */
type ClaimTuple = [string, string, ClaimSpan['kind'], string | null, number, number, number, number, number];

const ms = (column: string) => sql.raw(`extract(epoch from c.${column}) * 1000`);

/** Active claims of the staff in `staff` (a subquery of ids) overlapping [from, to), as one JSON array. */
function claimsJson(siteId: string, staff: SQL, from: string, to: string): SQL {
  return sql`(select json_agg(json_build_array(c.id, c.staff_id, c.kind, c.type_id, ${ms('starts_at')}, ${ms('ends_at')},
      ${ms('occupied_start')}, ${ms('occupied_end')}, c.capacity))::text
    from scheduling_claims c
    where c.website_id = ${siteId} and c.active and c.staff_id in (${staff})
      and c.occupied_start < ${to}::timestamptz and c.occupied_end > ${from}::timestamptz)`;
}

/** The claim ids of the live bookings (seats) in that range, one per seat. */
function seatsJson(siteId: string, staff: SQL, from: string, to: string, now: string): SQL {
  return sql`(select json_agg(b.claim_id)::text
    from scheduling_bookings b
    where b.website_id = ${siteId} and b.staff_id in (${staff})
      and b.occupied_start < ${to}::timestamptz and b.occupied_end > ${from}::timestamptz
      and (b.status in ('confirmed', 'no_show', 'completed')
        or (b.status = 'pending_payment' and b.hold_expires_at > ${now}::timestamptz)))`;
}

function claimSpans(claimsText: string | null, seatsText: string | null): ClaimSpan[] {
  const seats = new Map<string, number>();
  for (const claimId of JSON.parse(seatsText ?? '[]') as string[])
    seats.set(claimId, (seats.get(claimId) ?? 0) + 1);
  return (JSON.parse(claimsText ?? '[]') as ClaimTuple[]).map(
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

interface InputsRow {
  staff: string | null;
  weekly: string | null;
  exceptions: string | null;
  holidays: string | null;
  claims: string | null;
  seats: string | null;
}

/**
 * Everything the free times of a type between two local dates depend on, in ONE statement
 * (each part a JSON value: one row, one round trip, cheap on PGlite too): the type's active
 * staff, their weekly hours and exceptions, the holidays, and (unless `withTaken` is off)
 * the active claims and live seats of the range.
 */
async function loadSlotInputs(
  db: Db,
  siteId: string,
  typeId: string,
  range: { fromDate: string; toDate: string; from: Date; to: Date },
  options: { staffId?: string; now: Date; withTaken: boolean },
) {
  const staff = sql`select s.id from scheduling_type_staff ts join scheduling_staff s on s.id = ts.staff_id
    where ts.website_id = ${siteId} and ts.type_id = ${typeId} and s.active
      ${options.staffId ? sql`and s.id = ${options.staffId}` : sql``}`;
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const [row] = await selectRows<InputsRow>(
    db,
    sql`select
      (select json_agg(s.id order by s.created_at, s.id)::text from scheduling_type_staff ts
        join scheduling_staff s on s.id = ts.staff_id
        where ts.website_id = ${siteId} and ts.type_id = ${typeId} and s.active
          ${options.staffId ? sql`and s.id = ${options.staffId}` : sql``}) as staff,
      (select json_agg(json_build_array(w.staff_id, w.weekday, w.start_minute, w.end_minute))::text
        from scheduling_weekly_hours w where w.website_id = ${siteId} and w.staff_id in (${staff})) as weekly,
      (select json_agg(json_build_array(e.staff_id, e.date::text, e.closed, e.intervals))::text
        from scheduling_exceptions e where e.website_id = ${siteId} and e.staff_id in (${staff})
          and e.date between ${range.fromDate}::date and ${range.toDate}::date) as exceptions,
      (select json_agg(h.date::text)::text from scheduling_holidays h where h.website_id = ${siteId}
          and h.date between ${range.fromDate}::date and ${range.toDate}::date) as holidays,
      ${options.withTaken ? claimsJson(siteId, staff, from, to) : sql`null`} as claims,
      ${options.withTaken ? seatsJson(siteId, staff, from, to, options.now.toISOString()) : sql`null`} as seats`,
  );
  const staffIds = JSON.parse(row?.staff ?? '[]') as string[];
  const hours: StaffHours[] = staffIds.map((id) => ({ id, weekly: new Map(), exceptions: new Map() }));
  const byId = new Map(hours.map((h) => [h.id, h]));
  for (const [staffId, weekday, start, end] of JSON.parse(row?.weekly ?? '[]') as [
    string,
    number,
    number,
    number,
  ][]) {
    const staffHours = byId.get(staffId);
    if (!staffHours) continue;
    const list = staffHours.weekly.get(weekday) ?? [];
    list.push([start, end]);
    staffHours.weekly.set(weekday, list);
  }
  type ExceptionTuple = [string, string, boolean, ExceptionInterval[]];
  for (const [staffId, date, closed, intervals] of JSON.parse(row?.exceptions ?? '[]') as ExceptionTuple[]) {
    const ranges: DayRange[] = closed ? [] : intervals.map((i) => [minutesOf(i.start), minutesOf(i.end)]);
    byId.get(staffId)?.exceptions.set(date, ranges);
  }
  return {
    staff: hours,
    holidays: new Set(JSON.parse(row?.holidays ?? '[]') as string[]),
    claims: claimSpans(row?.claims ?? null, row?.seats ?? null),
  };
}

/** Taken time of these staff members in [from, to): active claims with their live seats. */
export async function loadClaims(
  db: Db,
  siteId: string,
  staffIds: string[],
  from: Date,
  to: Date,
  now: Date,
): Promise<ClaimSpan[]> {
  if (staffIds.length === 0) return [];
  const staff = sql.join(
    staffIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await selectRows<{ claims: string | null; seats: string | null }>(
    db,
    sql`select ${claimsJson(siteId, staff, from.toISOString(), to.toISOString())} as claims,
      ${seatsJson(siteId, staff, from.toISOString(), to.toISOString(), now.toISOString())} as seats`,
  );
  return claimSpans(row?.claims ?? null, row?.seats ?? null);
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
  // Claims reaching into the range through their buffers count too: a day's margin each side.
  const from = DateTime.fromISO(fromDate, { zone }).minus({ days: 1 }).toJSDate();
  const to = DateTime.fromISO(toDate, { zone }).plus({ days: 2 }).toJSDate();
  const inputs = await loadSlotInputs(
    db,
    site.id,
    type.id,
    { fromDate, toDate, from, to },
    { staffId: options.staffId, now, withTaken: !options.ignoreTaken },
  );
  if (inputs.staff.length === 0) return [];
  return freeSlots({
    zone,
    rules: rulesOf(type),
    staff: inputs.staff,
    holidays: inputs.holidays,
    claims: inputs.claims,
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
