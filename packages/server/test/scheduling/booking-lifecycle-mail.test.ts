import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../src/db/schema/index';
import { cancelBooking, createBooking, rescheduleBooking } from '../../src/services/scheduling/bookings';
import { backends, testDatabase } from '../helpers/test-db';
import { appointmentType, everyDay, schedulingSite, staffMember, visitor } from './scheduling-fixtures';

const now = new Date('2030-01-07T00:00:00Z');
const sequenceOf = (ics: string | undefined) => /\r\nSEQUENCE:(\d+)\r\n/.exec(ics ?? '')?.[1];

describe.each(backends)('the booking service queues its mail (%s)', { timeout: 60_000 }, (backend) => {
  const mailOf = async (websiteId: string) => {
    const { db } = await testDatabase(backend);
    return db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, websiteId)))
      .orderBy(asc(emailOutbox.createdAt));
  };

  it('booking, moving and cancelling a free appointment mail the visitor and the staff member', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'Europe/London');
    const staff = await staffMember(db, site, {
      name: 'Ada',
      email: 'ada.staff@example.com',
      weekly: everyDay('09:00', '17:00'),
    });
    const type = await appointmentType(db, site, {
      name: 'Consult',
      durationMinutes: 45,
      priceMinor: 0,
      staffIds: [staff.id],
    });
    const booked = await createBooking(
      db,
      site,
      { typeId: type.id, start: '2030-01-08T09:00:00.000Z', ...visitor(1) },
      now,
    );
    if (!booked.ok) throw new Error(booked.reason);
    const id = booked.value.record.booking.id;
    let mails = await mailOf(site.id);
    expect(mails.map((m) => `${m.kind} ${m.toAddress}`).sort()).toEqual([
      'booking-confirmed visitor1@example.com',
      'booking-staff-notice ada.staff@example.com',
    ]);
    const confirmed = mails.find((m) => m.kind === 'booking-confirmed');
    expect(confirmed?.textBody).toContain(`/scheduling/manage/${booked.value.manageToken}`);
    // The visitor is in Tokyo: 09:00 GMT is 18:00 there.
    expect(confirmed?.textBody).toContain('18:00–18:45 (Asia/Tokyo)');
    expect(sequenceOf(confirmed?.attachments?.[0]?.content)).toBe('0');

    const moved = await rescheduleBooking(
      db,
      site,
      id,
      { start: '2030-01-08T10:30:00.000Z', byVisitor: true },
      now,
    );
    expect(moved.ok).toBe(true);
    const cancelled = await cancelBooking(db, site.id, id, { byVisitor: true, now });
    expect(cancelled.ok).toBe(true);
    // Cancelling again changes nothing and mails nothing more.
    await cancelBooking(db, site.id, id, { byVisitor: true, now });

    mails = await mailOf(site.id);
    const visitorMails = mails.filter((m) => m.toAddress === 'visitor1@example.com');
    expect(visitorMails.map((m) => m.kind)).toEqual([
      'booking-confirmed',
      'booking-rescheduled',
      'booking-cancelled',
    ]);
    expect(visitorMails.map((m) => sequenceOf(m.attachments?.[0]?.content))).toEqual(['0', '1', '2']);
    expect(visitorMails[2]?.attachments?.[0]?.content).toContain('METHOD:CANCEL');
    expect(mails.filter((m) => m.kind === 'booking-staff-notice')).toHaveLength(3);
  });

  it('a paid booking held for payment mails nothing yet; letting the hold go mails nothing', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'UTC');
    const staff = await staffMember(db, site, {
      name: 'Bo',
      email: 'bo@example.com',
      weekly: everyDay('09:00', '17:00'),
    });
    const type = await appointmentType(db, site, {
      name: 'Paid consult',
      durationMinutes: 45,
      priceMinor: 4500,
      staffIds: [staff.id],
    });
    const booked = await createBooking(
      db,
      site,
      { typeId: type.id, start: '2030-01-08T09:00:00.000Z', ...visitor(2) },
      now,
    );
    if (!booked.ok) throw new Error(booked.reason);
    expect(booked.value.paymentRequired).toBe(true);
    await cancelBooking(db, site.id, booked.value.record.booking.id, { byVisitor: true, now });
    expect(await mailOf(site.id)).toEqual([]);
  });
});
