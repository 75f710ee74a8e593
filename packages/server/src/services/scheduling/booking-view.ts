import type { Booking, PublicBooking, TimeBlock } from '@store/api';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  schedulingBookings,
  type schedulingClaims,
  schedulingStaff,
  schedulingTypes,
} from '../../db/schema/index';
import { usableZone } from './clock';

type Db = Database | Tx;

/** A booking with its type's and staff member's names and its type's place and change notice. */
export interface BookingRecord {
  booking: typeof schedulingBookings.$inferSelect;
  typeName: string;
  staffName: string;
  location: string;
  videoUrl: string | null;
  capacity: number;
  changeNoticeMinutes: number;
}

export async function bookingRecords(db: Db, where: SQL | undefined): Promise<BookingRecord[]> {
  return db
    .select({
      booking: schedulingBookings,
      typeName: schedulingTypes.name,
      staffName: schedulingStaff.name,
      location: schedulingTypes.location,
      videoUrl: schedulingTypes.videoUrl,
      capacity: schedulingTypes.capacity,
      changeNoticeMinutes: schedulingTypes.changeNoticeMinutes,
    })
    .from(schedulingBookings)
    .innerJoin(schedulingTypes, eq(schedulingTypes.id, schedulingBookings.typeId))
    .innerJoin(schedulingStaff, eq(schedulingStaff.id, schedulingBookings.staffId))
    .where(where)
    .orderBy(schedulingBookings.startsAt, schedulingBookings.id);
}

export async function bookingRecord(
  db: Db,
  siteId: string,
  bookingId: string,
): Promise<BookingRecord | undefined> {
  const [row] = await bookingRecords(
    db,
    and(eq(schedulingBookings.websiteId, siteId), eq(schedulingBookings.id, bookingId)),
  );
  return row;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function ownerBookingView(record: BookingRecord): Booking {
  const b = record.booking;
  return {
    id: b.id,
    typeId: b.typeId,
    typeName: record.typeName,
    staffId: b.staffId,
    staffName: record.staffName,
    status: b.status,
    start: b.startsAt.toISOString(),
    end: b.endsAt.toISOString(),
    occupiedStart: b.occupiedStart.toISOString(),
    occupiedEnd: b.occupiedEnd.toISOString(),
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    customerTimeZone: b.customerTimeZone,
    intakeAnswers: b.intakeAnswers,
    seatNo: b.seatCapacity > 1 ? b.seatNo : null,
    sessionId: b.seatCapacity > 1 ? b.claimId : null,
    priceMinor: b.priceMinor,
    currency: b.currency,
    orderId: b.orderId,
    holdExpiresAt: iso(b.holdExpiresAt),
    location: record.location,
    videoUrl: record.videoUrl,
    cancelledAt: iso(b.cancelledAt),
    createdAt: b.createdAt.toISOString(),
  };
}

/** May the visitor still move or cancel it: a live booking, before the type's change notice. */
export function visitorMayChange(record: BookingRecord, now: Date): boolean {
  const b = record.booking;
  if (b.status !== 'confirmed' && b.status !== 'pending_payment') return false;
  return b.startsAt.getTime() - record.changeNoticeMinutes * 60_000 > now.getTime();
}

export function publicBookingView(record: BookingRecord, siteZone: string, now: Date): PublicBooking {
  const b = record.booking;
  return {
    id: b.id,
    status: b.status,
    typeId: b.typeId,
    typeName: record.typeName,
    staffId: b.staffId,
    staffName: record.staffName,
    start: b.startsAt.toISOString(),
    end: b.endsAt.toISOString(),
    customerName: b.customerName,
    customerEmail: b.customerEmail,
    customerTimeZone: b.customerTimeZone,
    priceMinor: b.priceMinor,
    currency: b.currency,
    orderId: b.orderId,
    holdExpiresAt: iso(b.holdExpiresAt),
    location: record.location,
    videoUrl: b.status === 'confirmed' ? record.videoUrl : null,
    timeZone: usableZone(siteZone),
    canChange: visitorMayChange(record, now),
  };
}

export function blockView(row: typeof schedulingClaims.$inferSelect): TimeBlock {
  return {
    id: row.id,
    staffId: row.staffId,
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}
