import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import {
  schedulingBookings,
  schedulingClaims,
  schedulingStaff,
  schedulingTypes,
  websites,
} from '../../src/db/schema/index';
import { seedDemoSite } from '../../src/seed/seed-demo-site';
import { uniqueHost } from '../helpers/test-db';

const MIN = 60_000;

/** A fresh site with one staff member and one appointment type, its rows written directly. */
export async function schedulingSite(
  db: Database,
  options: { priceMinor?: number; staffEmail?: string | null; baseUrl?: string } = {},
) {
  const host = uniqueHost();
  const websiteId = await seedDemoSite(db, { identifier: host, hosts: [host], isDefault: false });
  return schedulingRows(db, websiteId, host, options);
}

/** The staff member and appointment type of `schedulingSite`, on an existing site. */
export async function schedulingRows(
  db: Database,
  websiteId: string,
  host: string,
  options: { priceMinor?: number; staffEmail?: string | null; baseUrl?: string } = {},
) {
  await db
    .update(websites)
    .set({ baseUrl: options.baseUrl ?? `https://${host}`, timeZone: 'Europe/London' })
    .where(eq(websites.id, websiteId));
  const [staff] = await db
    .insert(schedulingStaff)
    .values({
      websiteId,
      name: 'Sam Stylist',
      email: options.staffEmail === undefined ? `sam-${host}@example.com` : options.staffEmail,
    })
    .returning();
  const [type] = await db
    .insert(schedulingTypes)
    .values({
      websiteId,
      name: 'Consultation',
      durationMinutes: 45,
      priceMinor: options.priceMinor ?? 0,
      currency: 'USD',
      location: '12 High St',
      videoUrl: 'https://meet.example.com/room',
    })
    .returning();
  if (!staff || !type) throw new Error('fixture rows');
  return { websiteId, host, staff, type };
}

export type SchedulingSite = Awaited<ReturnType<typeof schedulingRows>>;

/** A booking (with its claim) at `start`, as the booking service would write it. */
export async function insertBooking(
  db: Database,
  site: SchedulingSite,
  start: Date,
  options: {
    status?: 'confirmed' | 'pending_payment' | 'cancelled';
    createdAt?: Date;
    holdExpiresAt?: Date;
    email?: string;
  } = {},
) {
  const end = new Date(start.getTime() + site.type.durationMinutes * MIN);
  const token = randomBytes(24).toString('base64url');
  const status = options.status ?? 'confirmed';
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .insert(schedulingClaims)
      .values({
        websiteId: site.websiteId,
        staffId: site.staff.id,
        kind: 'appointment',
        typeId: site.type.id,
        startsAt: start,
        endsAt: end,
        occupiedStart: start,
        occupiedEnd: end,
        active: status !== 'cancelled',
      })
      .returning();
    if (!claim) throw new Error('claim');
    const [booking] = await tx
      .insert(schedulingBookings)
      .values({
        websiteId: site.websiteId,
        typeId: site.type.id,
        staffId: site.staff.id,
        claimId: claim.id,
        seatNo: 1,
        seatCapacity: 1,
        status,
        startsAt: start,
        endsAt: end,
        occupiedStart: start,
        occupiedEnd: end,
        customerName: 'Ada Visitor',
        customerEmail: options.email ?? `ada-${randomBytes(4).toString('hex')}@example.com`,
        customerTimeZone: 'America/New_York',
        manageTokenHash: createHash('sha256').update(token).digest('hex'),
        priceMinor: site.type.priceMinor,
        currency: 'USD',
        holdExpiresAt:
          status === 'pending_payment' ? (options.holdExpiresAt ?? new Date(Date.now() + 15 * MIN)) : null,
        ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      })
      .returning();
    if (!booking) throw new Error('booking');
    return { booking, claim, token };
  });
}
