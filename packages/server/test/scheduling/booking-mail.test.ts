import { and, asc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, schedulingBookings } from '../../src/db/schema/index';
import { outboxMessageView } from '../../src/services/email/outbox-view';
import { deliverDue } from '../../src/services/outbox/outbox-worker';
import { announceBooking } from '../../src/services/scheduling/booking-mail';
import { backends, testDatabase } from '../helpers/test-db';
import { type LocalSmtp, parseMime, startSmtp, waitFor } from '../mail/mail-helpers';
import { insertBooking, schedulingSite } from './booking-fixtures';

const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split(/\r?\n/);
const icsValue = (ics: string, name: string) =>
  lines(ics)
    .find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');

describe.each(backends)('booking mail on %s', { timeout: 60_000 }, (backend) => {
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  const outboxOf = async (websiteId: string) => {
    const { db } = await testDatabase(backend);
    return db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.websiteId, websiteId))
      .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.kind));
  };

  it('a confirmation carries the invitation and the manage link; the staff notice has no link', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db);
    const start = new Date('2031-03-10T14:00:00Z');
    const { booking, token } = await insertBooking(db, site, start);
    await db.transaction((tx) => announceBooking(tx, booking.id, { kind: 'confirmed', manageToken: token }));

    const mails = await outboxOf(site.websiteId);
    const visitor = mails.find((m) => m.kind === 'booking-confirmed');
    const staff = mails.find((m) => m.kind === 'booking-staff-notice');
    expect(visitor?.toAddress).toBe(booking.customerEmail);
    const link = `https://${site.host}/scheduling/manage/${token}`;
    expect(visitor?.textBody).toContain(link);
    // Shown in the visitor's zone, labelled: 14:00 UTC is 10:00 in New York (EDT from 9 March 2031).
    expect(visitor?.textBody).toContain('Monday 10 March 2031, 10:00–10:45 (America/New_York)');
    expect(visitor?.secrets).toEqual([link]);
    // Roles below Admin never read the link in the outbox.
    const hidden = outboxMessageView(visitor as NonNullable<typeof visitor>, false);
    expect(hidden.text).not.toContain(token);
    expect(outboxMessageView(visitor as NonNullable<typeof visitor>, true).text).toContain(link);

    const invite = visitor?.attachments?.[0];
    expect(invite?.filename).toBe('invite.ics');
    expect(invite?.contentType).toContain('method=REQUEST');
    expect(icsValue(invite?.content ?? '', 'METHOD')).toBe('REQUEST');
    expect(icsValue(invite?.content ?? '', 'UID')).toBe(`booking-${booking.id}@${site.host}`);
    expect(icsValue(invite?.content ?? '', 'SEQUENCE')).toBe('0');
    expect(icsValue(invite?.content ?? '', 'DTSTART')).toBe('20310310T140000Z');
    expect(icsValue(invite?.content ?? '', 'DTEND')).toBe('20310310T144500Z');
    expect(icsValue(invite?.content ?? '', 'SUMMARY')).toBe('Consultation');
    expect(icsValue(invite?.content ?? '', 'LOCATION')).toBe('12 High St');
    expect(lines(invite?.content ?? '').join('\n')).toContain(token);

    expect(staff?.toAddress).toBe(site.staff.email);
    expect(staff?.textBody).not.toContain(token);
    expect(staff?.textBody).toContain('Who: Ada Visitor');
    // The staff member reads the site's zone (London: 14:00 GMT).
    expect(staff?.textBody).toContain('14:00–14:45 (Europe/London)');
    expect(staff?.attachments).toBeNull();

    // Through SMTP: the invitation is a text/calendar part of the visitor's message.
    const transport = nodemailer.createTransport({ url: smtp.url });
    for (let i = 0; i < 50 && !smtp.received.some((m) => m.to.includes(booking.customerEmail)); i++)
      await deliverDue(db, transport, 50);
    transport.close();
    const received = await waitFor(() => smtp.received.find((m) => m.to.includes(booking.customerEmail)));
    const calendar = parseMime(received.raw).parts.find((p) => p.type === 'text/calendar');
    expect(icsValue(calendar?.body ?? '', 'UID')).toBe(`booking-${booking.id}@${site.host}`);
  });

  it('a hold mails nothing; when paid, the confirmation carries the link kept from the hold', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, { priceMinor: 4500 });
    const { booking, token } = await insertBooking(db, site, new Date('2031-04-01T09:00:00Z'), {
      status: 'pending_payment',
    });
    await db.transaction((tx) => announceBooking(tx, booking.id, { kind: 'held', manageToken: token }));
    expect(await outboxOf(site.websiteId)).toEqual([]);

    await db
      .update(schedulingBookings)
      .set({ status: 'confirmed', holdExpiresAt: null })
      .where(eq(schedulingBookings.id, booking.id));
    await db.transaction((tx) => announceBooking(tx, booking.id, { kind: 'confirmed' }));
    const visitor = (await outboxOf(site.websiteId)).find((m) => m.kind === 'booking-confirmed');
    expect(visitor?.textBody).toContain(`/scheduling/manage/${token}`);
    expect(visitor?.textBody).toContain('Paid: $45.00');
  });

  it('a reschedule raises the SEQUENCE under the same UID; a cancellation is METHOD:CANCEL without a link', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, { staffEmail: null });
    const start = new Date('2031-05-05T13:00:00Z');
    const { booking, token } = await insertBooking(db, site, start);
    await db.transaction((tx) => announceBooking(tx, booking.id, { kind: 'confirmed', manageToken: token }));

    const moved = new Date('2031-05-06T15:00:00Z');
    await db
      .update(schedulingBookings)
      .set({ startsAt: moved, endsAt: new Date(moved.getTime() + 45 * 60_000) })
      .where(eq(schedulingBookings.id, booking.id));
    await db.transaction((tx) =>
      announceBooking(tx, booking.id, {
        kind: 'rescheduled',
        previous: { start, end: new Date(start.getTime() + 45 * 60_000) },
      }),
    );
    await db
      .update(schedulingBookings)
      .set({ status: 'cancelled' })
      .where(eq(schedulingBookings.id, booking.id));
    await db.transaction((tx) => announceBooking(tx, booking.id, { kind: 'cancelled' }));

    const mails = await outboxOf(site.websiteId);
    // No staff e-mail address: no staff notices.
    expect(mails.map((m) => m.kind)).toEqual([
      'booking-confirmed',
      'booking-rescheduled',
      'booking-cancelled',
    ]);
    const [, rescheduled, cancelled] = mails;
    const uid = `booking-${booking.id}@${site.host}`;
    const movedIcs = rescheduled?.attachments?.[0]?.content ?? '';
    expect(icsValue(movedIcs, 'UID')).toBe(uid);
    expect(icsValue(movedIcs, 'SEQUENCE')).toBe('1');
    expect(icsValue(movedIcs, 'DTSTART')).toBe('20310506T150000Z');
    expect(rescheduled?.textBody).toContain(`/scheduling/manage/${token}`);
    expect(rescheduled?.textBody).toContain('(was Monday 5 May 2031, 09:00–09:45 (America/New_York))');

    const cancelIcs = cancelled?.attachments?.[0]?.content ?? '';
    expect(icsValue(cancelIcs, 'METHOD')).toBe('CANCEL');
    expect(icsValue(cancelIcs, 'STATUS')).toBe('CANCELLED');
    expect(icsValue(cancelIcs, 'UID')).toBe(uid);
    expect(icsValue(cancelIcs, 'SEQUENCE')).toBe('2');
    expect(cancelled?.textBody).not.toContain(token);
    expect(cancelled?.secrets).toEqual([]);
  });

  it('a mail queued in a transaction that rolls back is not sent', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db);
    const { booking, token } = await insertBooking(db, site, new Date('2031-06-01T10:00:00Z'));
    await expect(
      db.transaction(async (tx) => {
        await announceBooking(tx, booking.id, { kind: 'confirmed', manageToken: token });
        throw new Error('the booking failed after all');
      }),
    ).rejects.toThrow('the booking failed');
    const mails = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.websiteId, site.websiteId)));
    expect(mails).toEqual([]);
  });
});
