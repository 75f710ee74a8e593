import { and, eq, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Database, Tx } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import { queueWebhookEvent } from '../webhooks/webhook-events';
import { schedulingBookings, schedulingStaff } from '../../db/schema/index';
import { type Outcome, Rejection, asOutcome } from '../../reasons';
import { checkAnswers } from '../forms/form-answers';
import { findForm } from '../forms/forms.service';
import { type SchedulingSite, type TypeRow, findType, freeStaffAt } from './availability';
import { announceBooking } from './booking-mail';
import { type BookingRecord, bookingRecord, bookingRecords } from './booking-view';
import { PAYMENT_HOLD_MINUTES, hashToken, isTimeZone, newManageToken, usableZone } from './clock';
import { freeClaimIfEmpty, isSlotConflict, releaseExpiredHolds, takeSeat, timesOf } from './claims';

/**
 * Bookings: a visitor books a free time (held while a paid type is paid for), the visitor or
 * the owner moves or cancels it, the owner marks a no-show. Each change is one transaction
 * whose conflicts (the time or seat taken meanwhile) come back as SLOT_TAKEN.
 */

export interface BookInput {
  typeId: string;
  staffId?: string;
  start: string;
  name: string;
  email: string;
  timeZone?: string;
  intakeAnswers: Record<string, unknown>;
}

export interface Booked {
  record: BookingRecord;
  manageToken: string;
  paymentRequired: boolean;
}

/** Run `work` in a transaction; a constraint conflict is SLOT_TAKEN, a rejection its reason. */
async function inTransaction<T>(db: Database, work: (tx: Tx) => Promise<T>): Promise<Outcome<T>> {
  try {
    return await asOutcome(() => retryTransaction(db, work));
  } catch (error) {
    if (isSlotConflict(error)) return { ok: false, reason: 'SLOT_TAKEN' };
    throw error;
  }
}

const notFound = (what: string): Outcome<never> => ({
  ok: false,
  reason: 'SCHEDULING_NOT_FOUND',
  values: { what },
});

/** The type's notice and horizon, said precisely (before the slot list answers "not free"). */
function timingReason(type: TypeRow, start: Date, now: Date, zone: string): Outcome<never> | null {
  if (start.getTime() < now.getTime() + type.minimumNoticeMinutes * 60_000)
    return { ok: false, reason: 'BOOKING_TOO_SOON' };
  const latest = DateTime.fromJSDate(now, { zone }).plus({ days: type.horizonDays }).toMillis();
  if (start.getTime() > latest) return { ok: false, reason: 'BOOKING_TOO_FAR' };
  return null;
}

/**
 * The answers to the type's intake form, checked by the form builder's own rules (required
 * fields, e-mail, choices offered); without a form, none are kept.
 */
async function intakeOf(
  db: Database,
  siteId: string,
  type: TypeRow,
  answers: Record<string, unknown>,
): Promise<Outcome<Record<string, unknown>>> {
  if (!type.intakeFormId) return { ok: true, value: {} };
  const form = await findForm(db, siteId, type.intakeFormId);
  if (!form) return { ok: true, value: {} };
  const checked = checkAnswers(form.definition.fields, answers);
  if (checked.ok) return { ok: true, value: checked.answers };
  return {
    ok: false,
    reason: 'INTAKE_INVALID',
    ...(checked.kind === 'fields' ? { details: { errors: checked.errors } } : {}),
  };
}

export async function createBooking(
  db: Database,
  site: SchedulingSite,
  input: BookInput,
  now = new Date(),
): Promise<Outcome<Booked>> {
  const zone = usableZone(site.timeZone);
  const type = await findType(db, site.id, input.typeId);
  if (!type?.active) return notFound('That appointment type');
  const start = new Date(input.start);
  const timing = timingReason(type, start, now, zone);
  if (timing) return timing;
  const candidates = await freeStaffAt(db, site, type, start, { staffId: input.staffId, now });
  if (candidates.length === 0) {
    // Offered, but someone booked it since the visitor's list was drawn: say so.
    const offered = await freeStaffAt(db, site, type, start, {
      staffId: input.staffId,
      now,
      ignoreTaken: true,
    });
    return { ok: false, reason: offered.length > 0 ? 'SLOT_TAKEN' : 'SLOT_UNAVAILABLE' };
  }
  const intake = await intakeOf(db, site.id, type, input.intakeAnswers);
  if (!intake.ok) return intake;
  const paid = type.priceMinor > 0;
  const customerZone = input.timeZone && isTimeZone(input.timeZone) ? input.timeZone : zone;
  let outcome: Outcome<Booked> = { ok: false, reason: 'SLOT_TAKEN' };
  // Without a chosen staff member, the first who is free takes it; the next one if someone was faster.
  for (const staffId of candidates) {
    const { token, hash } = newManageToken();
    outcome = await inTransaction(db, async (tx) => {
      const times = timesOf(type, staffId, start);
      await releaseExpiredHolds(tx, site.id, times, now);
      const seat = await takeSeat(tx, site.id, type, times);
      const [row] = await tx
        .insert(schedulingBookings)
        .values({
          websiteId: site.id,
          typeId: type.id,
          staffId,
          claimId: seat.claimId,
          seatNo: seat.seatNo,
          seatCapacity: seat.capacity,
          status: paid ? 'pending_payment' : 'confirmed',
          startsAt: times.start,
          endsAt: times.end,
          occupiedStart: times.occupiedStart,
          occupiedEnd: times.occupiedEnd,
          customerName: input.name,
          customerEmail: input.email,
          customerTimeZone: customerZone,
          intakeAnswers: intake.value,
          manageTokenHash: hash,
          priceMinor: type.priceMinor,
          currency: type.currency,
          holdExpiresAt: paid ? new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000) : null,
        })
        .returning({ id: schedulingBookings.id });
      const record = row && (await bookingRecord(tx, site.id, row.id));
      if (!record) throw new Error('insert into scheduling_bookings returned no row');
      // Committed with the booking, sent after (docs/webhooks.md).
      await queueWebhookEvent(tx, site.id, 'booking.made', () => ({
        object: 'booking',
        id: record.booking.id,
        typeId: type.id,
        typeName: record.typeName,
        staffId,
        status: record.booking.status,
        startsAt: times.start.toISOString(),
        endsAt: times.end.toISOString(),
        customerName: input.name,
        customerEmail: input.email,
        priceMinor: type.priceMinor,
        currency: type.currency,
      }));
      // The confirmation (or, for a hold, the token kept for the mail sent when it is paid).
      await announceBooking(tx, record.booking.id, { kind: paid ? 'held' : 'confirmed', manageToken: token });
      return { record, manageToken: token, paymentRequired: paid };
    });
    if (outcome.ok || outcome.reason !== 'SLOT_TAKEN') return outcome;
  }
  return outcome;
}

/** The booking a manage link stands for (its token's hash), on this site. */
export async function bookingByToken(
  db: Database,
  siteId: string,
  token: string,
): Promise<Outcome<BookingRecord>> {
  const [record] = await bookingRecords(
    db,
    and(eq(schedulingBookings.websiteId, siteId), eq(schedulingBookings.manageTokenHash, hashToken(token))),
  );
  return record ? { ok: true, value: record } : { ok: false, reason: 'BOOKING_LINK_INVALID' };
}

async function lockBooking(tx: Tx, siteId: string, bookingId: string): Promise<BookingRecord> {
  await tx.execute(
    sql`select id from scheduling_bookings where website_id = ${siteId} and id = ${bookingId} for update`,
  );
  const record = await bookingRecord(tx, siteId, bookingId);
  if (!record) throw new Rejection('SCHEDULING_NOT_FOUND', { what: 'That booking' });
  return record;
}

export interface MoveInput {
  start: string;
  staffId?: string;
  /** The visitor's link: the type's hours, notice and change notice apply. The owner may place it anywhere free. */
  byVisitor: boolean;
}

export async function rescheduleBooking(
  db: Database,
  site: SchedulingSite,
  bookingId: string,
  input: MoveInput,
  now = new Date(),
): Promise<Outcome<BookingRecord>> {
  const current = await bookingRecord(db, site.id, bookingId);
  if (!current) return notFound('That booking');
  const type = await findType(db, site.id, current.booking.typeId);
  if (!type) return notFound('That appointment type');
  const start = new Date(input.start);
  const staffId = input.staffId ?? current.booking.staffId;
  if (input.byVisitor) {
    const timing = timingReason(type, start, now, usableZone(site.timeZone));
    if (timing) return timing;
    // Its own time counts as taken here; the transaction gives it back before taking the new one.
    const offered = await freeStaffAt(db, site, type, start, { staffId, now, ignoreTaken: true });
    if (offered.length === 0) return { ok: false, reason: 'SLOT_UNAVAILABLE' };
  } else {
    const [staff] = await db
      .select({ id: schedulingStaff.id })
      .from(schedulingStaff)
      .where(and(eq(schedulingStaff.websiteId, site.id), eq(schedulingStaff.id, staffId)));
    if (!staff) return notFound('That staff member');
  }
  return inTransaction(db, async (tx) => {
    const record = await lockBooking(tx, site.id, bookingId);
    const b = record.booking;
    if (b.status !== 'confirmed' && b.status !== 'pending_payment') throw new Rejection('BOOKING_NOT_ACTIVE');
    if (input.byVisitor && !mayChangeNow(record, now)) throw new Rejection('BOOKING_CHANGE_CLOSED');
    if (b.startsAt.getTime() === start.getTime() && b.staffId === staffId) return record;
    // Give the old time back first (a move by 15 minutes overlaps the old claim), then take the new.
    await tx.execute(sql`select id from scheduling_claims where id = ${b.claimId} for update`);
    if (b.seatCapacity === 1)
      await tx.execute(sql`update scheduling_claims set active = false where id = ${b.claimId}`);
    const times = timesOf(type, staffId, start);
    await releaseExpiredHolds(tx, site.id, times, now);
    const seat = await takeSeat(tx, site.id, type, times, b.id);
    await tx
      .update(schedulingBookings)
      .set({
        staffId,
        claimId: seat.claimId,
        seatNo: seat.seatNo,
        seatCapacity: seat.capacity,
        startsAt: times.start,
        endsAt: times.end,
        occupiedStart: times.occupiedStart,
        occupiedEnd: times.occupiedEnd,
        // A new time gets its own reminders.
        reminder24hSentAt: null,
        reminder1hSentAt: null,
        updatedAt: now,
      })
      .where(eq(schedulingBookings.id, b.id));
    if (b.seatCapacity > 1) await freeClaimIfEmpty(tx, b.claimId);
    if (b.status === 'confirmed')
      await announceBooking(tx, b.id, {
        kind: 'rescheduled',
        previous: { start: b.startsAt, end: b.endsAt },
      });
    const moved = await bookingRecord(tx, site.id, b.id);
    if (!moved) throw new Error('a moved booking vanished');
    return moved;
  });
}

function mayChangeNow(record: BookingRecord, now: Date): boolean {
  return record.booking.startsAt.getTime() - record.changeNoticeMinutes * 60_000 > now.getTime();
}

/** Cancel: its seat (and, when it was the last, the staff time) is free again. Cancelling twice is the same. */
export async function cancelBooking(
  db: Database,
  siteId: string,
  bookingId: string,
  options: { byVisitor: boolean; now?: Date },
): Promise<Outcome<BookingRecord>> {
  const now = options.now ?? new Date();
  return inTransaction(db, async (tx) => {
    const record = await lockBooking(tx, siteId, bookingId);
    const b = record.booking;
    if (b.status === 'cancelled') return record;
    if (b.status !== 'confirmed' && b.status !== 'pending_payment') throw new Rejection('BOOKING_NOT_ACTIVE');
    if (options.byVisitor && !mayChangeNow(record, now)) throw new Rejection('BOOKING_CHANGE_CLOSED');
    await tx
      .update(schedulingBookings)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(eq(schedulingBookings.id, b.id));
    await freeClaimIfEmpty(tx, b.claimId);
    // An unpaid hold let go is not news to anyone.
    await announceBooking(tx, b.id, { kind: 'cancelled', silently: b.status === 'pending_payment' });
    const cancelled = await bookingRecord(tx, siteId, b.id);
    if (!cancelled) throw new Error('a cancelled booking vanished');
    return cancelled;
  });
}

/** The customer did not come: the time stays taken (it has passed, or the owner keeps it). */
export async function markNoShow(
  db: Database,
  siteId: string,
  bookingId: string,
  now = new Date(),
): Promise<Outcome<BookingRecord>> {
  return inTransaction(db, async (tx) => {
    const record = await lockBooking(tx, siteId, bookingId);
    if (record.booking.status === 'no_show') return record;
    if (record.booking.status !== 'confirmed' && record.booking.status !== 'completed')
      throw new Rejection('BOOKING_NOT_ACTIVE');
    await tx
      .update(schedulingBookings)
      .set({ status: 'no_show', updatedAt: now })
      .where(eq(schedulingBookings.id, bookingId));
    const marked = await bookingRecord(tx, siteId, bookingId);
    if (!marked) throw new Error('a booking vanished');
    return marked;
  });
}
