import type { TimeBlock } from '@store/api';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { schedulingBookings, schedulingClaims, schedulingStaff } from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import { type BookingRecord, blockView, bookingRecords } from './booking-view';
import { isSlotConflict } from './claims';

/** The owner's calendar: bookings (every status) and blocks overlapping [from, to). */
export async function calendarRange(
  db: Database,
  siteId: string,
  range: { from: Date; to: Date; staffId?: string },
): Promise<{ bookings: BookingRecord[]; blocks: TimeBlock[] }> {
  const [bookings, blocks] = await Promise.all([
    bookingRecords(
      db,
      and(
        eq(schedulingBookings.websiteId, siteId),
        lt(schedulingBookings.startsAt, range.to),
        gt(schedulingBookings.endsAt, range.from),
        range.staffId ? eq(schedulingBookings.staffId, range.staffId) : undefined,
      ),
    ),
    db
      .select()
      .from(schedulingClaims)
      .where(
        and(
          eq(schedulingClaims.websiteId, siteId),
          eq(schedulingClaims.kind, 'block'),
          eq(schedulingClaims.active, true),
          lt(schedulingClaims.startsAt, range.to),
          gt(schedulingClaims.endsAt, range.from),
          range.staffId ? eq(schedulingClaims.staffId, range.staffId) : undefined,
        ),
      )
      .orderBy(asc(schedulingClaims.startsAt)),
  ]);
  return { bookings, blocks: blocks.map(blockView) };
}

/** Block a staff member's time by hand: refused (SLOT_TAKEN) where anything already takes it. */
export async function addBlock(
  db: Database,
  siteId: string,
  input: { staffId: string; start: string; end: string; note: string },
): Promise<Outcome<TimeBlock>> {
  const [staff] = await db
    .select({ id: schedulingStaff.id })
    .from(schedulingStaff)
    .where(and(eq(schedulingStaff.websiteId, siteId), eq(schedulingStaff.id, input.staffId)));
  if (!staff) return { ok: false, reason: 'SCHEDULING_NOT_FOUND', values: { what: 'That staff member' } };
  const start = new Date(input.start);
  const end = new Date(input.end);
  try {
    const [row] = await db
      .insert(schedulingClaims)
      .values({
        websiteId: siteId,
        staffId: input.staffId,
        kind: 'block',
        startsAt: start,
        endsAt: end,
        occupiedStart: start,
        occupiedEnd: end,
        note: input.note,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return { ok: false, reason: 'SLOT_TAKEN' };
    return { ok: true, value: blockView(row) };
  } catch (error) {
    if (isSlotConflict(error)) return { ok: false, reason: 'SLOT_TAKEN' };
    throw error;
  }
}

export async function removeBlock(db: Database, siteId: string, blockId: string): Promise<Outcome<true>> {
  const rows = await db
    .delete(schedulingClaims)
    .where(
      and(
        eq(schedulingClaims.websiteId, siteId),
        eq(schedulingClaims.id, blockId),
        eq(schedulingClaims.kind, 'block'),
      ),
    )
    .returning({ id: schedulingClaims.id });
  return rows.length > 0
    ? { ok: true, value: true }
    : { ok: false, reason: 'SCHEDULING_NOT_FOUND', values: { what: 'That block' } };
}
