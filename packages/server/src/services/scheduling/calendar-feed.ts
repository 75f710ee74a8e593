import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { retryTransaction } from '../../db/retry-transaction';
import {
  schedulingBookingMail,
  schedulingBookings,
  schedulingStaff,
  schedulingTypes,
  staffCalendarFeeds,
  websites,
} from '../../db/schema/index';
import type { Outcome } from '../../reasons';
import { mailSettingsRow, senderOf } from '../email/mail-settings.service';
import { siteBaseUrl } from '../site-base-url';
import type { SiteRecord } from '../site.service';
import { bookingFeed, type BookingEvent } from './ics';

/** The stored form of a feed secret: its SHA-256 (the address itself is never kept). */
export const feedSecretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A feed secret as it appears in the address: 32 random bytes, URL-safe. */
const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;

export function calendarFeedUrl(site: Pick<SiteRecord, 'baseUrl' | 'hosts'>, secret: string): string {
  return `${siteBaseUrl(site)}/calendar/${secret}.ics`;
}

export interface FeedStatus {
  /** Whether the staff member has a live address (its secret is not shown again). */
  active: boolean;
  createdAt: string | null;
}

/** Whether a staff member has a live feed address, and since when. */
export async function feedStatus(
  db: Database,
  websiteId: string,
  staffId: string,
): Promise<Outcome<FeedStatus>> {
  if (!(await staffOf(db, websiteId, staffId)))
    return { ok: false, reason: 'SCHEDULING_NOT_FOUND', values: { what: 'That staff member' } };
  const [live] = await db
    .select({ createdAt: staffCalendarFeeds.createdAt })
    .from(staffCalendarFeeds)
    .where(
      and(
        eq(staffCalendarFeeds.websiteId, websiteId),
        eq(staffCalendarFeeds.staffId, staffId),
        isNull(staffCalendarFeeds.revokedAt),
      ),
    );
  return { ok: true, value: { active: Boolean(live), createdAt: live?.createdAt.toISOString() ?? null } };
}

/**
 * A new feed address for a staff member: the old one (if any) stops answering in the same
 * transaction. The answer carries the secret once; only its hash is stored.
 */
export async function issueFeed(
  db: Database,
  site: Pick<SiteRecord, 'id' | 'baseUrl' | 'hosts'>,
  staffId: string,
  now = new Date(),
): Promise<Outcome<{ active: true; url: string; createdAt: string }>> {
  if (!(await staffOf(db, site.id, staffId)))
    return { ok: false, reason: 'SCHEDULING_NOT_FOUND', values: { what: 'That staff member' } };
  const secret = randomBytes(32).toString('base64url');
  await retryTransaction(db, async (tx) => {
    await tx
      .update(staffCalendarFeeds)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffCalendarFeeds.websiteId, site.id),
          eq(staffCalendarFeeds.staffId, staffId),
          isNull(staffCalendarFeeds.revokedAt),
        ),
      );
    await tx
      .insert(staffCalendarFeeds)
      .values({ websiteId: site.id, staffId, secretHash: feedSecretHash(secret), createdAt: now });
  });
  return {
    ok: true,
    value: { active: true, url: calendarFeedUrl(site, secret), createdAt: now.toISOString() },
  };
}

async function staffOf(db: Database, websiteId: string, staffId: string) {
  const [staff] = await db
    .select({ id: schedulingStaff.id, name: schedulingStaff.name })
    .from(schedulingStaff)
    .where(and(eq(schedulingStaff.websiteId, websiteId), eq(schedulingStaff.id, staffId)));
  return staff;
}

/** Revoke a staff member's feed address; answers whether there was a live one. */
export async function revokeFeed(
  db: Database,
  websiteId: string,
  staffId: string,
  now = new Date(),
): Promise<boolean> {
  const revoked = await db
    .update(staffCalendarFeeds)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffCalendarFeeds.websiteId, websiteId),
        eq(staffCalendarFeeds.staffId, staffId),
        isNull(staffCalendarFeeds.revokedAt),
      ),
    )
    .returning({ id: staffCalendarFeeds.id });
  return revoked.length > 0;
}

/** The staff member a live feed secret belongs to on this site; null for anything else. */
export async function feedOwner(db: Database, websiteId: string, secret: string): Promise<string | null> {
  if (!FEED_SECRET.test(secret)) return null;
  const [live] = await db
    .select({ staffId: staffCalendarFeeds.staffId })
    .from(staffCalendarFeeds)
    .where(
      and(
        eq(staffCalendarFeeds.websiteId, websiteId),
        eq(staffCalendarFeeds.secretHash, feedSecretHash(secret)),
        isNull(staffCalendarFeeds.revokedAt),
      ),
    );
  return live?.staffId ?? null;
}

const DAY_MS = 86_400_000;
/** How far back and ahead the feed lists bookings. */
export const FEED_PAST_DAYS = 60;
export const FEED_AHEAD_DAYS = 400;

/**
 * The feed of a live secret on this site: the staff member's bookings from FEED_PAST_DAYS ago
 * to FEED_AHEAD_DAYS ahead (confirmed, no-show and completed ones; recently cancelled ones as
 * STATUS:CANCELLED so subscribed calendars drop them), each under the same UID and SEQUENCE as
 * the visitor's invitation. No manage link: it is the visitor's. Null for a revoked or unknown secret.
 */
export async function staffFeed(
  db: Database,
  websiteId: string,
  secret: string,
  now = new Date(),
): Promise<string | null> {
  const staffId = await feedOwner(db, websiteId, secret);
  if (!staffId) return null;
  const [site] = await db
    .select({
      id: websites.id,
      siteTitle: websites.siteTitle,
      hosts: websites.hosts,
      baseUrl: websites.baseUrl,
    })
    .from(websites)
    .where(eq(websites.id, websiteId));
  const staff = await staffOf(db, websiteId, staffId);
  if (!site || !staff) return null;
  const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + FEED_AHEAD_DAYS * DAY_MS);
  const rows = await db
    .select({
      b: schedulingBookings,
      typeName: schedulingTypes.name,
      location: schedulingTypes.location,
      videoUrl: schedulingTypes.videoUrl,
      sequence: schedulingBookingMail.icsSequence,
    })
    .from(schedulingBookings)
    .innerJoin(schedulingTypes, eq(schedulingTypes.id, schedulingBookings.typeId))
    .leftJoin(schedulingBookingMail, eq(schedulingBookingMail.bookingId, schedulingBookings.id))
    .where(
      and(
        eq(schedulingBookings.websiteId, websiteId),
        eq(schedulingBookings.staffId, staffId),
        gte(schedulingBookings.startsAt, from),
        lte(schedulingBookings.startsAt, to),
        or(
          inArray(schedulingBookings.status, ['confirmed', 'no_show', 'completed']),
          and(eq(schedulingBookings.status, 'cancelled'), gte(schedulingBookings.updatedAt, from)),
        ),
      ),
    )
    .orderBy(schedulingBookings.startsAt, schedulingBookings.id)
    .limit(5_000);
  const sender = senderOf(site, await mailSettingsRow(db, websiteId));
  const organizer = { name: sender.name, email: sender.address, host: new URL(siteBaseUrl(site)).hostname };
  const events: BookingEvent[] = rows.map((r) => ({
    bookingId: r.b.id,
    sequence: r.sequence ?? 0,
    start: r.b.startsAt,
    end: r.b.endsAt,
    summary: `${r.typeName}: ${r.b.customerName}`,
    location: r.location,
    videoUrl: r.videoUrl,
    notes: [
      `${r.b.customerName} <${r.b.customerEmail}>`,
      ...(r.b.status === 'no_show' ? ['Did not come.'] : []),
    ],
    attendee: { name: r.b.customerName, email: r.b.customerEmail },
    status: r.b.status === 'cancelled' ? 'cancelled' : 'confirmed',
  }));
  return bookingFeed(organizer, `${staff.name} – ${site.siteTitle}`, events, now);
}
