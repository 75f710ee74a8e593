import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, schedulingBookings } from '../../src/db/schema/index';
import { announceBooking } from '../../src/services/scheduling/booking-mail';
import { sendDueReminders } from '../../src/services/scheduling/reminders';
import { backends, testDatabase } from '../helpers/test-db';
import { insertBooking, schedulingSite } from './booking-fixtures';

const HOUR = 3_600_000;

describe.each(backends)('booking reminders on %s', { timeout: 60_000 }, (backend) => {
  const remindersOf = async (websiteId: string) => {
    const { db } = await testDatabase(backend);
    return db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, websiteId), eq(emailOutbox.kind, 'booking-reminder')));
  };

  it('sends the day-before and the hour-before reminder once each, as the clock reaches them', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db);
    // Far in the future, so the suite's other bookings never fall in the same windows.
    const start = new Date('2040-01-15T15:00:00Z');
    const { booking, token } = await insertBooking(db, site, start, {
      createdAt: new Date(start.getTime() - 10 * 24 * HOUR),
    });
    await db.transaction((tx) => announceBooking(tx, booking.id, { kind: 'confirmed', manageToken: token }));

    // 25 hours ahead: nothing is due.
    await sendDueReminders(db, new Date(start.getTime() - 25 * HOUR));
    expect(await remindersOf(site.websiteId)).toHaveLength(0);

    // 23 hours ahead: the day-before reminder, once, however often the job runs.
    const dayBefore = new Date(start.getTime() - 23 * HOUR);
    await sendDueReminders(db, dayBefore);
    await sendDueReminders(db, dayBefore);
    await sendDueReminders(db, new Date(dayBefore.getTime() + HOUR));
    let sent = await remindersOf(site.websiteId);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toMatch(/^Reminder: Consultation coming up/);
    expect(sent[0]?.textBody).toContain(`/scheduling/manage/${token}`);
    expect(sent[0]?.secrets).toHaveLength(1);

    // 50 minutes ahead: the hour-before one, once.
    const hourBefore = new Date(start.getTime() - 50 * 60_000);
    await sendDueReminders(db, hourBefore);
    await sendDueReminders(db, hourBefore);
    sent = await remindersOf(site.websiteId);
    expect(sent).toHaveLength(2);
    expect(sent.filter((m) => m.subject.includes('in an hour'))).toHaveLength(1);

    const [row] = await db.select().from(schedulingBookings).where(eq(schedulingBookings.id, booking.id));
    expect(row?.reminder24hSentAt?.toISOString()).toBe(dayBefore.toISOString());
    expect(row?.reminder1hSentAt?.toISOString()).toBe(hourBefore.toISOString());

    // After the start: nothing more.
    await sendDueReminders(db, new Date(start.getTime() + HOUR));
    expect(await remindersOf(site.websiteId)).toHaveLength(2);
  });

  it('a booking made late gets only the reminders it was made ahead of; cancelled and unpaid ones none', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db);
    const start = new Date('2040-02-20T10:00:00Z');
    const late = await insertBooking(db, site, start, { createdAt: new Date(start.getTime() - 5 * HOUR) });
    const cancelled = await insertBooking(db, site, new Date(start.getTime() + 2 * HOUR), {
      status: 'cancelled',
      createdAt: new Date(start.getTime() - 10 * 24 * HOUR),
    });
    const unpaid = await insertBooking(db, site, new Date(start.getTime() + 4 * HOUR), {
      status: 'pending_payment',
      createdAt: new Date(start.getTime() - 10 * 24 * HOUR),
    });
    for (const hours of [23, 4, 0.5, -1, -3])
      await sendDueReminders(db, new Date(start.getTime() - hours * HOUR));
    const sent = await remindersOf(site.websiteId);
    expect(sent.map((m) => m.toAddress)).toEqual([late.booking.customerEmail]);
    expect(sent[0]?.subject).toContain('in an hour');
    const rows = await db
      .select()
      .from(schedulingBookings)
      .where(inArray(schedulingBookings.id, [cancelled.booking.id, unpaid.booking.id]));
    expect(rows.every((r) => r.reminder24hSentAt === null && r.reminder1hSentAt === null)).toBe(true);
  });

  it('processes running the job at the same moment send each reminder once', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db);
    const start = new Date('2040-03-12T09:00:00Z');
    const created = new Date(start.getTime() - 30 * 24 * HOUR);
    for (let i = 0; i < 6; i++)
      await insertBooking(db, site, new Date(start.getTime() + (i * 3 * HOUR) / 4), { createdAt: created });
    const now = new Date(start.getTime() - 20 * HOUR);
    await Promise.all(Array.from({ length: 5 }, () => sendDueReminders(db, now)));
    const sent = await remindersOf(site.websiteId);
    expect(sent).toHaveLength(6);
    expect(new Set(sent.map((m) => m.toAddress)).size).toBe(6);
  });

  it('a rescheduled booking is reminded again before its new time', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db);
    const start = new Date('2040-04-02T12:00:00Z');
    const { booking } = await insertBooking(db, site, start, {
      createdAt: new Date(start.getTime() - 9 * 24 * HOUR),
    });
    await sendDueReminders(db, new Date(start.getTime() - 20 * HOUR));
    expect(await remindersOf(site.websiteId)).toHaveLength(1);
    const moved = new Date(start.getTime() + 3 * 24 * HOUR);
    await db
      .update(schedulingBookings)
      .set({ startsAt: moved, endsAt: new Date(moved.getTime() + 45 * 60_000) })
      .where(eq(schedulingBookings.id, booking.id));
    await db.transaction((tx) =>
      announceBooking(tx, booking.id, { kind: 'rescheduled', previous: { start, end: start } }),
    );
    await sendDueReminders(db, new Date(moved.getTime() - 20 * HOUR));
    expect(await remindersOf(site.websiteId)).toHaveLength(2);
  });
});
