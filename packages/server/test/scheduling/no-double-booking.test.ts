import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { selectRows } from '../../src/db/rows';
import { createBooking } from '../../src/services/scheduling/bookings';
import { backends, testDatabase } from '../helpers/test-db';
import { appointmentType, everyDay, schedulingSite, staffMember, visitor } from './scheduling-fixtures';

// Monday 2030-01-07, midnight in the site's zone; the one free hour is Tuesday 09:00–10:00.
const now = new Date('2030-01-07T00:00:00Z');
const lastSlot = '2030-01-08T09:00:00.000Z';

describe.each(backends)('no double booking under concurrency (%s)', (backend) => {
  it('lets exactly one of 50 concurrent bookings of the last free hour through; the rest are SLOT_TAKEN', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'UTC');
    const staff = await staffMember(db, site, { name: 'Ada', weekly: everyDay('09:00', '10:00') });
    const type = await appointmentType(db, site, {
      name: 'Consult',
      durationMinutes: 60,
      priceMinor: 0,
      staffIds: [staff.id],
    });

    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createBooking(db, site, { typeId: type.id, start: lastSlot, ...visitor(i) }, now),
      ),
    );
    const won = outcomes.filter((o) => o.ok);
    expect(won).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? '' : o.reason))).toEqual(
      Array(49).fill('SLOT_TAKEN'),
    );
    const rows = await selectRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from scheduling_bookings where website_id = ${site.id} and status <> 'cancelled'`,
    );
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it('seats exactly 3 of 50 concurrent bookings of a class with capacity 3, in seats 1, 2 and 3', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'UTC');
    const staff = await staffMember(db, site, { name: 'Coach', weekly: everyDay('09:00', '10:00') });
    const type = await appointmentType(db, site, {
      name: 'Yoga class',
      durationMinutes: 60,
      priceMinor: 0,
      capacity: 3,
      staffIds: [staff.id],
    });

    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createBooking(db, site, { typeId: type.id, start: lastSlot, ...visitor(i) }, now),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(new Set(outcomes.map((o) => (o.ok ? 'ok' : o.reason)))).toEqual(new Set(['ok', 'SLOT_TAKEN']));
    const seats = await selectRows<{ seat_no: number; claim_id: string }>(
      db,
      sql`select seat_no, claim_id from scheduling_bookings where website_id = ${site.id} and status <> 'cancelled' order by seat_no`,
    );
    expect(seats.map((s) => Number(s.seat_no))).toEqual([1, 2, 3]);
    expect(new Set(seats.map((s) => s.claim_id)).size).toBe(1);
  });

  it('refuses overlapping staff time in the database itself, whatever the application checked', async () => {
    const { db } = await testDatabase(backend);
    const site = await schedulingSite(db, 'UTC');
    const staff = await staffMember(db, site, { name: 'Bo', weekly: everyDay('09:00', '17:00') });
    const insert = (start: string, end: string) =>
      db.execute(sql`insert into scheduling_claims (website_id, staff_id, kind, starts_at, ends_at, occupied_start, occupied_end)
        values (${site.id}, ${staff.id}, 'block', ${start}::timestamptz, ${end}::timestamptz, ${start}::timestamptz, ${end}::timestamptz)`);
    await insert('2030-01-08T09:00:00Z', '2030-01-08T10:00:00Z');
    await expect(insert('2030-01-08T09:30:00Z', '2030-01-08T10:30:00Z')).rejects.toMatchObject({});
    // Touching ranges do not overlap ([start, end)).
    await insert('2030-01-08T10:00:00Z', '2030-01-08T11:00:00Z');
  });
});
