import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appointmentTypeBody, staffBody } from '@store/api';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../packages/server/src/db/client';
import { migrateDatabase } from '../../packages/server/src/db/migrate';
import { websites } from '../../packages/server/src/db/schema/index';
import { monthAvailability } from '../../packages/server/src/services/scheduling/availability';
import { saveStaff, saveType } from '../../packages/server/src/services/scheduling/setup';
import { median, percentile } from '../lib/load';

/**
 * The visitor's month of free times (GET /api/scheduling/types/:typeId/availability): one
 * staff member, Mon–Fri 09:00–17:00 in America/New_York, 500 bookings in the month, a
 * 30-minute type offered every 15 minutes. Measures the whole service call (the queries and
 * the computation in memory). Goal: under 50 ms. PGlite unless BENCH_DATABASE_URL is set.
 */
const ROUNDS = 40;
const WARMUP = 20;
const BOOKINGS = 500;

export async function run() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scheduling-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dir });
  try {
    await migrateDatabase(database);
    const db = database.db;
    const identifier = `bench-${Date.now()}.test`;
    const [site] = await db
      .insert(websites)
      .values({
        identifier,
        siteTitle: 'Scheduling bench',
        hosts: [identifier],
        timeZone: 'America/New_York',
        storeSettings: {
          useLightCart: false,
          multipleQuantityAllowedForServices: false,
          expressCheckout: false,
          minimumOrderSubtotalCents: 0,
          merchandisingSettings: { enableNativeReviews: false, enableImportedReviews: false },
        },
        settings: { commentsEnabled: false, disqusShortname: '', simpleLikingEnabled: false },
      })
      .returning({ id: websites.id });
    if (!site) throw new Error('no site');
    const scheduling = { id: site.id, timeZone: 'America/New_York', currency: 'USD' };
    const staff = await saveStaff(
      db,
      site.id,
      null,
      staffBody.parse({
        name: 'Ada',
        weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
      }),
    );
    if (!staff.ok) throw new Error(staff.reason);
    const type = await saveType(
      db,
      scheduling,
      null,
      appointmentTypeBody.parse({
        name: 'Half hour',
        durationMinutes: 30,
        slotStepMinutes: 15,
        priceMinor: 0,
        horizonDays: 400,
        staffIds: [staff.value.id],
      }),
    );
    if (!type.ok) throw new Error(type.reason);

    // 500 bookings of 10 minutes spread over the month (every 86 minutes, day and night, so
    // many fall in the working hours), each a claim and its booking, as the service writes them.
    const monthStart = '2031-03-01T05:00:00Z';
    await db.execute(sql`
      with s as (
        select g, ${monthStart}::timestamptz + (g * interval '86 minutes') as t from generate_series(0, ${BOOKINGS - 1}) g
      ), c as (
        insert into scheduling_claims (website_id, staff_id, kind, type_id, starts_at, ends_at, occupied_start, occupied_end)
        select ${site.id}, ${staff.value.id}, 'appointment', ${type.value.id}, t, t + interval '10 minutes', t, t + interval '10 minutes' from s
        returning id, starts_at, ends_at
      )
      insert into scheduling_bookings (website_id, type_id, staff_id, claim_id, seat_no, seat_capacity, status, starts_at, ends_at,
        occupied_start, occupied_end, customer_name, customer_email, customer_time_zone, manage_token_hash, currency)
      select ${site.id}, ${type.value.id}, ${staff.value.id}, c.id, 1, 1, 'confirmed', c.starts_at, c.ends_at, c.starts_at, c.ends_at,
        'Bench', 'bench@example.com', 'UTC', md5(c.id), 'USD' from c`);
    await db.execute(sql`analyze scheduling_claims`);
    await db.execute(sql`analyze scheduling_bookings`);

    const now = new Date('2031-02-15T00:00:00Z');
    const once = async () => {
      const started = performance.now();
      const answer = await monthAvailability(db, scheduling, type.value.id, '2031-03', { now });
      const ms = performance.now() - started;
      if (!answer.ok) throw new Error(answer.reason);
      return { ms, slots: answer.value.slots.length };
    };
    for (let i = 0; i < WARMUP; i++) await once();
    const times: number[] = [];
    let slots = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const round = await once();
      times.push(round.ms);
      slots = round.slots;
    }
    const sorted = [...times].sort((a, b) => a - b);
    const round2 = (n: number) => Math.round(n * 100) / 100;
    return {
      backend: database.kind,
      bookingsInMonth: BOOKINGS,
      freeSlots: slots,
      rounds: ROUNDS,
      medianMs: round2(median(times)),
      p90Ms: round2(percentile(sorted, 90)),
      minMs: round2(sorted[0] ?? Number.NaN),
      maxMs: round2(sorted[sorted.length - 1] ?? Number.NaN),
      goalMs: 50,
      underGoal: median(times) < 50,
    };
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await run(), null, 2));
