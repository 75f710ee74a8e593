import type { AppointmentType, StaffMember, appointmentTypeBody, staffBody } from '@store/api';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import {
  forms,
  schedulingBookings,
  schedulingExceptions,
  schedulingHolidays,
  schedulingStaff,
  schedulingTypeStaff,
  schedulingTypes,
  schedulingWeeklyHours,
} from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import type { SchedulingSite, TypeRow } from './availability';
import { hhmmOf, minutesOf } from './clock';

/** Appointment types, staff with their hours, and holidays: what the scheduling role sets up. */

type TypeInput = z.output<typeof appointmentTypeBody>;
type StaffInput = z.output<typeof staffBody>;
type StaffRow = typeof schedulingStaff.$inferSelect;

const notFound = (what: string): Outcome<never> => ({
  ok: false,
  reason: 'SCHEDULING_NOT_FOUND',
  values: { what },
});

function typeView(row: TypeRow, staffIds: string[]): AppointmentType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    durationMinutes: row.durationMinutes,
    priceMinor: row.priceMinor,
    currency: row.currency,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
    capacity: row.capacity,
    location: row.location,
    videoUrl: row.videoUrl,
    intakeFormId: row.intakeFormId,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    horizonDays: row.horizonDays,
    changeNoticeMinutes: row.changeNoticeMinutes,
    slotStepMinutes: row.slotStepMinutes,
    active: row.active,
    staffIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function staffIdsByType(db: Database | Tx, siteId: string, typeIds: string[]) {
  const map = new Map<string, string[]>();
  if (typeIds.length === 0) return map;
  const rows = await db
    .select()
    .from(schedulingTypeStaff)
    .where(and(eq(schedulingTypeStaff.websiteId, siteId), inArray(schedulingTypeStaff.typeId, typeIds)));
  for (const row of rows) map.set(row.typeId, [...(map.get(row.typeId) ?? []), row.staffId]);
  return map;
}

export async function listTypes(db: Database, siteId: string): Promise<AppointmentType[]> {
  const rows = await db
    .select()
    .from(schedulingTypes)
    .where(eq(schedulingTypes.websiteId, siteId))
    .orderBy(asc(schedulingTypes.createdAt), asc(schedulingTypes.id));
  const staff = await staffIdsByType(
    db,
    siteId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => typeView(row, staff.get(row.id) ?? []));
}

export async function getType(
  db: Database,
  siteId: string,
  typeId: string,
): Promise<Outcome<AppointmentType>> {
  const [row] = await db
    .select()
    .from(schedulingTypes)
    .where(and(eq(schedulingTypes.websiteId, siteId), eq(schedulingTypes.id, typeId)));
  if (!row) return notFound('That appointment type');
  const staff = await staffIdsByType(db, siteId, [row.id]);
  return { ok: true, value: typeView(row, staff.get(row.id) ?? []) };
}

/** The staff and form a type names must be this site's. */
async function checkReferences(db: Database, siteId: string, input: TypeInput): Promise<Outcome<string[]>> {
  const staffIds = [...new Set(input.staffIds)];
  if (staffIds.length > 0) {
    const found = await db
      .select({ id: schedulingStaff.id })
      .from(schedulingStaff)
      .where(and(eq(schedulingStaff.websiteId, siteId), inArray(schedulingStaff.id, staffIds)));
    if (found.length !== staffIds.length) return notFound('That staff member');
  }
  if (input.intakeFormId) {
    const [form] = await db
      .select({ id: forms.id })
      .from(forms)
      .where(and(eq(forms.websiteId, siteId), eq(forms.id, input.intakeFormId)));
    if (!form) return notFound('That intake form');
  }
  return { ok: true, value: staffIds };
}

function typeValues(site: SchedulingSite, input: TypeInput) {
  return {
    name: input.name,
    description: input.description,
    durationMinutes: input.durationMinutes,
    priceMinor: input.priceMinor,
    currency: input.currency ?? site.currency,
    bufferBeforeMinutes: input.bufferBeforeMinutes,
    bufferAfterMinutes: input.bufferAfterMinutes,
    capacity: input.capacity,
    location: input.location,
    videoUrl: input.videoUrl,
    intakeFormId: input.intakeFormId,
    minimumNoticeMinutes: input.minimumNoticeMinutes,
    horizonDays: input.horizonDays,
    changeNoticeMinutes: input.changeNoticeMinutes,
    slotStepMinutes: input.slotStepMinutes,
    active: input.active,
  };
}

export async function saveType(
  db: Database,
  site: SchedulingSite,
  typeId: string | null,
  input: TypeInput,
): Promise<Outcome<AppointmentType>> {
  const refs = await checkReferences(db, site.id, input);
  if (!refs.ok) return refs;
  const saved = await db.transaction(async (tx) => {
    const values = typeValues(site, input);
    const [row] = typeId
      ? await tx
          .update(schedulingTypes)
          .set({ ...values, updatedAt: new Date() })
          .where(and(eq(schedulingTypes.websiteId, site.id), eq(schedulingTypes.id, typeId)))
          .returning()
      : await tx
          .insert(schedulingTypes)
          .values({ ...values, websiteId: site.id })
          .returning();
    if (!row) return null;
    await tx.delete(schedulingTypeStaff).where(eq(schedulingTypeStaff.typeId, row.id));
    if (refs.value.length > 0)
      await tx
        .insert(schedulingTypeStaff)
        .values(refs.value.map((staffId) => ({ websiteId: site.id, typeId: row.id, staffId })));
    return typeView(row, refs.value);
  });
  return saved ? { ok: true, value: saved } : notFound('That appointment type');
}

/** A type with bookings stays (turn it off instead): its bookings keep their history. */
export async function deleteType(db: Database, siteId: string, typeId: string): Promise<Outcome<true>> {
  const [booked] = await db
    .select({ id: schedulingBookings.id })
    .from(schedulingBookings)
    .where(and(eq(schedulingBookings.websiteId, siteId), eq(schedulingBookings.typeId, typeId)))
    .limit(1);
  if (booked) return { ok: false, reason: 'SCHEDULING_IN_USE' };
  const rows = await db
    .delete(schedulingTypes)
    .where(and(eq(schedulingTypes.websiteId, siteId), eq(schedulingTypes.id, typeId)))
    .returning({ id: schedulingTypes.id });
  return rows.length ? { ok: true, value: true } : notFound('That appointment type');
}

// ---------------------------------------------------------------- staff

async function staffViews(db: Database | Tx, siteId: string, rows: StaffRow[]): Promise<StaffMember[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [weekly, exceptions] = await Promise.all([
    db
      .select()
      .from(schedulingWeeklyHours)
      .where(and(eq(schedulingWeeklyHours.websiteId, siteId), inArray(schedulingWeeklyHours.staffId, ids)))
      .orderBy(asc(schedulingWeeklyHours.weekday), asc(schedulingWeeklyHours.startMinute)),
    db
      .select()
      .from(schedulingExceptions)
      .where(and(eq(schedulingExceptions.websiteId, siteId), inArray(schedulingExceptions.staffId, ids)))
      .orderBy(asc(schedulingExceptions.date)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    active: row.active,
    weekly: weekly
      .filter((w) => w.staffId === row.id)
      .map((w) => ({ weekday: w.weekday, start: hhmmOf(w.startMinute), end: hhmmOf(w.endMinute) })),
    exceptions: exceptions
      .filter((e) => e.staffId === row.id)
      .map((e) => ({ date: e.date, closed: e.closed, intervals: e.closed ? [] : e.intervals, note: e.note })),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listStaff(db: Database, siteId: string): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(schedulingStaff)
    .where(eq(schedulingStaff.websiteId, siteId))
    .orderBy(asc(schedulingStaff.createdAt), asc(schedulingStaff.id));
  return staffViews(db, siteId, rows);
}

export async function getStaff(db: Database, siteId: string, staffId: string): Promise<Outcome<StaffMember>> {
  const rows = await db
    .select()
    .from(schedulingStaff)
    .where(and(eq(schedulingStaff.websiteId, siteId), eq(schedulingStaff.id, staffId)));
  const [view] = await staffViews(db, siteId, rows);
  return view ? { ok: true, value: view } : notFound('That staff member');
}

/** Create or replace a staff member with their weekly hours and exceptions. */
export async function saveStaff(
  db: Database,
  siteId: string,
  staffId: string | null,
  input: StaffInput,
): Promise<Outcome<StaffMember>> {
  const saved = await db.transaction(async (tx) => {
    const values = { name: input.name, email: input.email, active: input.active };
    const [row] = staffId
      ? await tx
          .update(schedulingStaff)
          .set(values)
          .where(and(eq(schedulingStaff.websiteId, siteId), eq(schedulingStaff.id, staffId)))
          .returning()
      : await tx
          .insert(schedulingStaff)
          .values({ ...values, websiteId: siteId })
          .returning();
    if (!row) return null;
    await tx.delete(schedulingWeeklyHours).where(eq(schedulingWeeklyHours.staffId, row.id));
    await tx.delete(schedulingExceptions).where(eq(schedulingExceptions.staffId, row.id));
    if (input.weekly.length > 0)
      await tx.insert(schedulingWeeklyHours).values(
        input.weekly.map((w) => ({
          websiteId: siteId,
          staffId: row.id,
          weekday: w.weekday,
          startMinute: minutesOf(w.start),
          endMinute: minutesOf(w.end),
        })),
      );
    // One entry per date: the last one given wins.
    const byDate = new Map(input.exceptions.map((e) => [e.date, e]));
    if (byDate.size > 0)
      await tx.insert(schedulingExceptions).values(
        [...byDate.values()].map((e) => ({
          websiteId: siteId,
          staffId: row.id,
          date: e.date,
          closed: e.closed || e.intervals.length === 0,
          intervals: e.closed ? [] : e.intervals,
          note: e.note,
        })),
      );
    const [view] = await staffViews(tx, siteId, [row]);
    return view ?? null;
  });
  return saved ? { ok: true, value: saved } : notFound('That staff member');
}

export async function deleteStaff(db: Database, siteId: string, staffId: string): Promise<Outcome<true>> {
  const [booked] = await db
    .select({ id: schedulingBookings.id })
    .from(schedulingBookings)
    .where(and(eq(schedulingBookings.websiteId, siteId), eq(schedulingBookings.staffId, staffId)))
    .limit(1);
  if (booked) return { ok: false, reason: 'SCHEDULING_IN_USE' };
  const rows = await db
    .delete(schedulingStaff)
    .where(and(eq(schedulingStaff.websiteId, siteId), eq(schedulingStaff.id, staffId)))
    .returning({ id: schedulingStaff.id });
  return rows.length ? { ok: true, value: true } : notFound('That staff member');
}

// ---------------------------------------------------------------- holidays

export async function listHolidays(db: Database, siteId: string) {
  return db
    .select({ id: schedulingHolidays.id, date: schedulingHolidays.date, name: schedulingHolidays.name })
    .from(schedulingHolidays)
    .where(eq(schedulingHolidays.websiteId, siteId))
    .orderBy(asc(schedulingHolidays.date));
}

/** Close a date for everyone; closing it again renames it. */
export async function addHoliday(db: Database, siteId: string, input: { date: string; name: string }) {
  const [row] = await db
    .insert(schedulingHolidays)
    .values({ websiteId: siteId, date: input.date, name: input.name })
    .onConflictDoUpdate({
      target: [schedulingHolidays.websiteId, schedulingHolidays.date],
      set: { name: input.name },
    })
    .returning({ id: schedulingHolidays.id, date: schedulingHolidays.date, name: schedulingHolidays.name });
  if (!row) throw new Error('insert into scheduling_holidays returned no row');
  return row;
}

export async function removeHoliday(db: Database, siteId: string, holidayId: string): Promise<Outcome<true>> {
  const rows = await db
    .delete(schedulingHolidays)
    .where(and(eq(schedulingHolidays.websiteId, siteId), eq(schedulingHolidays.id, holidayId)))
    .returning({ id: schedulingHolidays.id });
  return rows.length ? { ok: true, value: true } : notFound('That date');
}
