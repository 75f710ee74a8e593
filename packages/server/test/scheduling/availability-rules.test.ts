import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { monthAvailability } from '../../src/services/scheduling/availability';
import { cancelBooking, createBooking } from '../../src/services/scheduling/bookings';
import { addBlock } from '../../src/services/scheduling/calendar';
import { addHoliday } from '../../src/services/scheduling/setup';
import { bookableTypes } from '../../src/services/scheduling/bookable-types';
import { forms } from '../../src/db/schema/index';
import { backends, testDatabase } from '../helpers/test-db';
import { appointmentType, everyDay, schedulingSite, staffMember, visitor } from './scheduling-fixtures';

/** The free starts of one local date, as "HH:MM" in `zone`, and as UTC instants. */
function startsOn(slots: { start: number }[], zone: string, date: string) {
  const day = slots.filter((s) => DateTime.fromMillis(s.start, { zone }).toISODate() === date);
  return {
    local: day.map((s) => DateTime.fromMillis(s.start, { zone }).toFormat('HH:mm')),
    utc: day.map((s) => new Date(s.start).toISOString()),
  };
}

const hourly = ['09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00'];

describe.each(backends)('free times (%s)', (backend) => {
  // Weekly 09:00–17:00 every day; the days on both sides of each change, and the change day itself.
  it.each([
    [
      'America/New_York',
      '2026-03',
      '2026-02-20T00:00:00Z',
      [
        ['2026-03-07', '2026-03-07T14:00:00.000Z'], // EST, UTC−5
        ['2026-03-08', '2026-03-08T13:00:00.000Z'], // the change day: EDT, UTC−4
        ['2026-03-09', '2026-03-09T13:00:00.000Z'],
      ],
    ],
    [
      'America/New_York',
      '2026-11',
      '2026-10-20T00:00:00Z',
      [
        ['2026-10-31', '2026-10-31T13:00:00.000Z'], // EDT
        ['2026-11-01', '2026-11-01T14:00:00.000Z'], // the change day: EST
        ['2026-11-02', '2026-11-02T14:00:00.000Z'],
      ],
    ],
    [
      'Europe/London',
      '2026-03',
      '2026-02-20T00:00:00Z',
      [
        ['2026-03-28', '2026-03-28T09:00:00.000Z'], // GMT
        ['2026-03-29', '2026-03-29T08:00:00.000Z'], // the change day: BST, UTC+1
        ['2026-03-30', '2026-03-30T08:00:00.000Z'],
      ],
    ],
    [
      'Europe/London',
      '2026-10',
      '2026-09-20T00:00:00Z',
      [
        ['2026-10-24', '2026-10-24T08:00:00.000Z'], // BST
        ['2026-10-25', '2026-10-25T09:00:00.000Z'], // the change day: GMT
        ['2026-10-26', '2026-10-26T09:00:00.000Z'],
      ],
    ],
  ] as const)('keeps 09:00 local in %s across the change in %s', async (zone, month, now, days) => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, zone);
    const staff = await staffMember(db, site, { name: 'Ada', weekly: everyDay('09:00', '17:00') });
    const type = await appointmentType(db, site, {
      name: 'Hour',
      durationMinutes: 60,
      priceMinor: 0,
      horizonDays: 365,
      staffIds: [staff.id],
    });
    // The days may fall in two months (the change on the 1st): ask for each month they are in.
    const slots: { start: number }[] = [];
    for (const m of new Set([month, ...days.map(([date]) => date.slice(0, 7))])) {
      const answer = await monthAvailability(db, site, type.id, m, { now: new Date(now) });
      if (!answer.ok) throw new Error(answer.reason);
      expect(answer.value.timeZone).toBe(zone);
      slots.push(...answer.value.slots);
    }
    for (const [date, firstUtc] of days) {
      const { local, utc } = startsOn(slots, zone, date);
      expect(local).toEqual(hourly);
      expect(utc[0]).toBe(firstUtc);
    }
    // Every free start of the month is on the hour between 09:00 and 16:00 local.
    for (const slot of slots) {
      const local = DateTime.fromMillis(slot.start, { zone });
      expect(local.minute).toBe(0);
      expect(local.hour).toBeGreaterThanOrEqual(9);
      expect(local.hour).toBeLessThanOrEqual(16);
    }
  });

  it('honours minimum notice, the horizon, buffers, blocks, holidays and exceptions', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'UTC');
    const staff = await staffMember(db, site, {
      name: 'Bo',
      weekly: everyDay('09:00', '17:00'),
      exceptions: [
        { date: '2030-01-10', closed: true },
        { date: '2030-01-11', closed: false, intervals: [{ start: '12:00', end: '14:00' }] },
      ],
    });
    const type = await appointmentType(db, site, {
      name: 'Hour',
      durationMinutes: 60,
      priceMinor: 0,
      minimumNoticeMinutes: 120,
      horizonDays: 6,
      bufferAfterMinutes: 30,
      staffIds: [staff.id],
    });
    const now = new Date('2030-01-08T08:30:00Z');
    const month = async () => {
      const answer = await monthAvailability(db, site, type.id, '2030-01', { now });
      if (!answer.ok) throw new Error(answer.reason);
      return answer.value.slots;
    };

    let slots = await month();
    // Notice: two hours from 08:30 → 10:30, so 11:00 is the first start today.
    expect(startsOn(slots, 'UTC', '2030-01-08').local).toEqual(hourly.slice(2));
    // Horizon: six days from now ends on the 14th at 08:30 (no start after it).
    expect(startsOn(slots, 'UTC', '2030-01-14').local).toEqual([]);
    expect(startsOn(slots, 'UTC', '2030-01-15').local).toEqual([]);
    expect(startsOn(slots, 'UTC', '2030-01-13').local).toEqual(hourly);
    // Exceptions: closed on the 10th, only 12:00–14:00 on the 11th.
    expect(startsOn(slots, 'UTC', '2030-01-10').local).toEqual([]);
    expect(startsOn(slots, 'UTC', '2030-01-11').local).toEqual(['12:00', '13:00']);

    // A booking at 11:00 with 30 minutes after it takes 11:00–12:30: 12:00 is no longer free.
    const booked = await createBooking(
      db,
      site,
      { typeId: type.id, start: '2030-01-09T11:00:00Z', ...visitor(1) },
      now,
    );
    expect(booked.ok).toBe(true);
    // A block by hand on 14:00–15:00.
    expect(
      (
        await addBlock(db, site.id, {
          staffId: staff.id,
          start: '2030-01-09T14:00:00Z',
          end: '2030-01-09T15:00:00Z',
          note: 'Dentist',
        })
      ).ok,
    ).toBe(true);
    // A holiday closes the 12th for everyone.
    await addHoliday(db, site.id, { date: '2030-01-12', name: 'Closed' });
    slots = await month();
    // 10:00 ends at 11:00 but its 30 minutes after reach into the 11:00 booking; 13:00's reach into the block.
    expect(startsOn(slots, 'UTC', '2030-01-09').local).toEqual(['09:00', '15:00', '16:00']);
    expect(startsOn(slots, 'UTC', '2030-01-12').local).toEqual([]);

    // Booking outside the rules answers why.
    const tooSoon = await createBooking(
      db,
      site,
      { typeId: type.id, start: '2030-01-08T09:00:00Z', ...visitor(2) },
      now,
    );
    expect(tooSoon).toMatchObject({ ok: false, reason: 'BOOKING_TOO_SOON' });
    const tooFar = await createBooking(
      db,
      site,
      { typeId: type.id, start: '2030-01-15T09:00:00Z', ...visitor(3) },
      now,
    );
    expect(tooFar).toMatchObject({ ok: false, reason: 'BOOKING_TOO_FAR' });
    const closed = await createBooking(
      db,
      site,
      { typeId: type.id, start: '2030-01-10T09:00:00Z', ...visitor(4) },
      now,
    );
    expect(closed).toMatchObject({ ok: false, reason: 'SLOT_UNAVAILABLE' });
    const taken = await createBooking(
      db,
      site,
      { typeId: type.id, start: '2030-01-09T12:00:00Z', ...visitor(5) },
      now,
    );
    expect(taken).toMatchObject({ ok: false, reason: 'SLOT_TAKEN' });
    // A block over a booking is refused by the same constraint.
    const blockOver = await addBlock(db, site.id, {
      staffId: staff.id,
      start: '2030-01-09T11:30:00Z',
      end: '2030-01-09T11:45:00Z',
      note: '',
    });
    expect(blockOver).toMatchObject({ ok: false, reason: 'SLOT_TAKEN' });

    // Cancelling gives the time back.
    if (!booked.ok) return;
    expect(
      (await cancelBooking(db, site.id, booked.value.record.booking.id, { byVisitor: false, now })).ok,
    ).toBe(true);
    slots = await month();
    expect(startsOn(slots, 'UTC', '2030-01-09').local).toEqual([
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '15:00',
      '16:00',
    ]);
  });

  it('frees the time of a payment hold once it expires', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'UTC');
    const staff = await staffMember(db, site, { name: 'Cy', weekly: everyDay('09:00', '10:00') });
    const type = await appointmentType(db, site, {
      name: 'Paid',
      durationMinutes: 60,
      priceMinor: 5000,
      staffIds: [staff.id],
    });
    const now = new Date('2030-01-07T00:00:00Z');
    const start = '2030-01-08T09:00:00Z';
    const held = await createBooking(db, site, { typeId: type.id, start, ...visitor(1) }, now);
    expect(held).toMatchObject({ ok: true, value: { paymentRequired: true } });
    if (held.ok) expect(held.value.record.booking.status).toBe('pending_payment');
    const meanwhile = await createBooking(
      db,
      site,
      { typeId: type.id, start, ...visitor(2) },
      new Date(now.getTime() + 5 * 60_000),
    );
    expect(meanwhile).toMatchObject({ ok: false, reason: 'SLOT_TAKEN' });
    const later = await createBooking(
      db,
      site,
      { typeId: type.id, start, ...visitor(3) },
      new Date(now.getTime() + 20 * 60_000),
    );
    expect(later.ok).toBe(true);
  });

  it('checks the intake form of the type with the form builder rules and keeps the answers', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'UTC');
    const [form] = await db
      .insert(forms)
      .values({
        websiteId: site.id,
        name: 'Intake',
        definition: {
          fields: [
            { id: 'goal', type: 'text', title: 'Your goal', required: true },
            { id: 'level', type: 'select', title: 'Level', options: ['New', 'Regular'] },
          ],
        },
      })
      .returning({ id: forms.id });
    const staff = await staffMember(db, site, { name: 'Di', weekly: everyDay('09:00', '12:00') });
    const type = await appointmentType(db, site, {
      name: 'Intro',
      durationMinutes: 60,
      priceMinor: 0,
      intakeFormId: form?.id ?? null,
      staffIds: [staff.id],
    });
    const now = new Date('2030-01-07T00:00:00Z');
    const start = '2030-01-08T09:00:00Z';
    const missing = await createBooking(
      db,
      site,
      { typeId: type.id, start, ...visitor(1), intakeAnswers: { level: 'New' } },
      now,
    );
    expect(missing).toMatchObject({
      ok: false,
      reason: 'INTAKE_INVALID',
      details: { errors: { goal: expect.any(String) } },
    });
    const unknown = await createBooking(
      db,
      site,
      { typeId: type.id, start, ...visitor(2), intakeAnswers: { goal: 'x', shoe: '42' } },
      now,
    );
    expect(unknown).toMatchObject({ ok: false, reason: 'INTAKE_INVALID' });
    const booked = await createBooking(
      db,
      site,
      { typeId: type.id, start, ...visitor(3), intakeAnswers: { goal: 'Run 10 km', level: 'New' } },
      now,
    );
    expect(booked.ok && booked.value.record.booking.intakeAnswers).toMatchObject({
      goal: 'Run 10 km',
      level: 'New',
    });
    // Visitors are shown the same questions: the type lists its intake form's fields.
    const listed = (await bookableTypes(db, site.id)).find((t) => t.id === type.id);
    expect(listed?.intakeForm?.fields.map((f) => [f.id, f.title, f.required ?? false])).toEqual([
      ['goal', 'Your goal', true],
      ['level', 'Level', false],
    ]);
  });
});
