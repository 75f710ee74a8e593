import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import {
  schedulingBookingMail,
  schedulingBookings,
  schedulingStaff,
  schedulingTypes,
  websites,
} from '../../db/schema/index';
import { enqueueEmail } from '../email/email-outbox';
import { mailSettingsRow, senderOf } from '../email/mail-settings.service';
import { serverSecret } from '../server-secret';
import { siteBaseUrl } from '../site-base-url';
import {
  type BookingMail,
  cancelledMail,
  confirmationMail,
  type MailBooking,
  reminderMail,
  rescheduledMail,
  staffNoticeMail,
} from './booking-mail-text';
import { type BookingEvent, bookingInvitation, type IcsOrganizer } from './ics';

/** The visitor's manage page (reschedule, cancel) for a booking's token. */
export function bookingManageUrl(site: { baseUrl: string | null; hosts: string[] }, token: string): string {
  return `${siteBaseUrl(site)}/scheduling/manage/${encodeURIComponent(token)}`;
}

// ------------------------------------------------------------------ the sealed manage token

const SEAL_KEY = 'scheduling-manage-links';

async function sealKey(tx: Tx): Promise<Buffer> {
  return serverSecret(tx as unknown as Database, SEAL_KEY);
}

function seal(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function unseal(key: Buffer, sealed: string): string | null {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) return null;
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/**
 * Keep a booking's manage token (sealed) so later mails (a paid booking's confirmation, a
 * reschedule by the owner, reminders) can carry the visitor's link again. Called in the
 * transaction that issued the token.
 */
export async function rememberManageToken(
  tx: Tx,
  websiteId: string,
  bookingId: string,
  token: string,
): Promise<void> {
  const sealed = seal(await sealKey(tx), token);
  await tx
    .insert(schedulingBookingMail)
    .values({ bookingId, websiteId, manageTokenSealed: sealed })
    .onConflictDoUpdate({
      target: schedulingBookingMail.bookingId,
      set: { manageTokenSealed: sealed, updatedAt: new Date() },
    });
}

async function mailStateOf(tx: Tx, bookingId: string) {
  const [state] = await tx
    .select()
    .from(schedulingBookingMail)
    .where(eq(schedulingBookingMail.bookingId, bookingId));
  return state;
}

async function manageTokenOf(tx: Tx, bookingId: string): Promise<string | null> {
  const state = await mailStateOf(tx, bookingId);
  if (!state?.manageTokenSealed) return null;
  return unseal(await sealKey(tx), state.manageTokenSealed);
}

/** The invitation's next SEQUENCE (a reschedule, a cancellation): raised and answered. */
async function raiseSequence(tx: Tx, websiteId: string, bookingId: string): Promise<number> {
  const [row] = await tx
    .insert(schedulingBookingMail)
    .values({ bookingId, websiteId, icsSequence: 1 })
    .onConflictDoUpdate({
      target: schedulingBookingMail.bookingId,
      set: { icsSequence: sql`${schedulingBookingMail.icsSequence} + 1`, updatedAt: new Date() },
    })
    .returning({ sequence: schedulingBookingMail.icsSequence });
  return row?.sequence ?? 1;
}

// ------------------------------------------------------------------ what the mails say

export interface BookingFacts {
  booking: MailBooking;
  status: string;
  websiteId: string;
  staffEmail: string | null;
  site: {
    id: string;
    siteTitle: string;
    hosts: string[];
    baseUrl: string | null;
    timeZone: string;
  };
}

/** A booking with its type, staff member and site, as the mails and the feed show it. */
export async function bookingFacts(tx: Tx | Database, bookingId: string): Promise<BookingFacts | null> {
  const [row] = await tx
    .select({
      b: schedulingBookings,
      typeName: schedulingTypes.name,
      typeLocation: schedulingTypes.location,
      videoUrl: schedulingTypes.videoUrl,
      staffName: schedulingStaff.name,
      staffEmail: schedulingStaff.email,
      site: {
        id: websites.id,
        siteTitle: websites.siteTitle,
        hosts: websites.hosts,
        baseUrl: websites.baseUrl,
        timeZone: websites.timeZone,
      },
    })
    .from(schedulingBookings)
    .innerJoin(schedulingTypes, eq(schedulingTypes.id, schedulingBookings.typeId))
    .innerJoin(schedulingStaff, eq(schedulingStaff.id, schedulingBookings.staffId))
    .innerJoin(websites, eq(websites.id, schedulingBookings.websiteId))
    .where(eq(schedulingBookings.id, bookingId));
  if (!row) return null;
  const b = row.b;
  return {
    status: b.status,
    websiteId: b.websiteId,
    staffEmail: row.staffEmail,
    site: row.site,
    booking: {
      id: b.id,
      typeName: row.typeName,
      staffName: row.staffName,
      start: b.startsAt,
      end: b.endsAt,
      customerName: b.customerName,
      customerEmail: b.customerEmail,
      customerTimeZone: b.customerTimeZone,
      location: row.typeLocation,
      videoUrl: row.videoUrl,
      priceMinor: b.priceMinor,
      currency: b.currency,
    },
  };
}

async function organizerOf(tx: Tx, facts: BookingFacts): Promise<IcsOrganizer> {
  const sender = senderOf(facts.site, await mailSettingsRow(tx as unknown as Database, facts.site.id));
  const host = new URL(siteBaseUrl(facts.site)).hostname;
  return { name: sender.name, email: sender.address, host };
}

export function eventOf(
  facts: BookingFacts,
  sequence: number,
  manageUrl: string | null,
  status?: BookingEvent['status'],
): BookingEvent {
  const b = facts.booking;
  return {
    bookingId: b.id,
    sequence,
    start: b.start,
    end: b.end,
    summary: b.typeName,
    location: b.location,
    videoUrl: b.videoUrl,
    manageUrl,
    notes: [`With ${b.staffName}`],
    attendee: { name: b.customerName, email: b.customerEmail },
    ...(status ? { status } : {}),
  };
}

const INVITE_NAME = 'invite.ics';

async function sendToVisitor(
  tx: Tx,
  facts: BookingFacts,
  kind: 'booking-confirmed' | 'booking-rescheduled' | 'booking-cancelled' | 'booking-reminder',
  mail: BookingMail,
  invitation?: { method: 'request' | 'cancel'; ics: string },
): Promise<void> {
  await enqueueEmail(tx, {
    websiteId: facts.websiteId,
    kind,
    to: facts.booking.customerEmail,
    subject: mail.subject,
    text: mail.text,
    secrets: mail.secrets,
    ...(invitation
      ? {
          attachments: [
            {
              filename: INVITE_NAME,
              contentType: `text/calendar; charset=utf-8; method=${invitation.method.toUpperCase()}`,
              content: invitation.ics,
            },
          ],
        }
      : {}),
  });
}

async function sendToStaff(
  tx: Tx,
  facts: BookingFacts,
  change: 'booked' | 'rescheduled' | 'cancelled',
): Promise<void> {
  if (!facts.staffEmail) return;
  const studioUrl = `${siteBaseUrl(facts.site)}/config/scheduling`;
  const mail = staffNoticeMail(facts.site, facts.booking, change, facts.site.timeZone, studioUrl);
  await enqueueEmail(tx, {
    websiteId: facts.websiteId,
    kind: 'booking-staff-notice',
    to: facts.staffEmail,
    subject: mail.subject,
    text: mail.text,
  });
}

/** What happened to a booking, for its mail. */
export type BookingChange =
  /** Booked (a free one), or paid (a paid one): the confirmation with the invitation. */
  | { kind: 'confirmed'; manageToken?: string }
  /** A hold for payment: only the token is kept; the confirmation goes when it is paid. */
  | { kind: 'held'; manageToken: string }
  | { kind: 'rescheduled'; previous: { start: Date; end: Date }; manageToken?: string }
  /** Cancelled by the visitor or the owner; `silently` for an unpaid hold let go. */
  | { kind: 'cancelled'; silently?: boolean };

/**
 * Queue a booking's mail in the caller's transaction (it goes only if the change commits):
 * the visitor's confirmation, new time or cancellation, each with the invitation (`invite.ics`:
 * REQUEST, or CANCEL, the same UID and a rising SEQUENCE) and, except the cancellation, the
 * manage link; and a notice to the staff member without the link. The link is recorded as
 * the message's secret, so the studio's outbox hides it from roles below Admin.
 */
export async function announceBooking(
  tx: Tx,
  bookingId: string,
  change: BookingChange,
  stamp = new Date(),
): Promise<void> {
  const facts = await bookingFacts(tx, bookingId);
  if (!facts) return;
  if ('manageToken' in change && change.manageToken)
    await rememberManageToken(tx, facts.websiteId, bookingId, change.manageToken);
  if (change.kind === 'held') return;
  if (change.kind === 'cancelled' && change.silently) return;

  const token =
    change.kind === 'cancelled' ? null : (change.manageToken ?? (await manageTokenOf(tx, bookingId)));
  const manageUrl = token ? bookingManageUrl(facts.site, token) : null;
  const organizer = await organizerOf(tx, facts);

  switch (change.kind) {
    case 'confirmed': {
      const sequence = (await mailStateOf(tx, bookingId))?.icsSequence ?? 0;
      const ics = bookingInvitation(organizer, eventOf(facts, sequence, manageUrl), 'request', stamp);
      await sendToVisitor(
        tx,
        facts,
        'booking-confirmed',
        confirmationMail(facts.site, facts.booking, manageUrl),
        {
          method: 'request',
          ics,
        },
      );
      await sendToStaff(tx, facts, 'booked');
      return;
    }
    case 'rescheduled': {
      // Reminded again before the new time.
      await tx
        .update(schedulingBookings)
        .set({ reminder24hSentAt: null, reminder1hSentAt: null })
        .where(eq(schedulingBookings.id, bookingId));
      const sequence = await raiseSequence(tx, facts.websiteId, bookingId);
      const ics = bookingInvitation(organizer, eventOf(facts, sequence, manageUrl), 'request', stamp);
      const mail = rescheduledMail(facts.site, facts.booking, change.previous, manageUrl);
      await sendToVisitor(tx, facts, 'booking-rescheduled', mail, { method: 'request', ics });
      await sendToStaff(tx, facts, 'rescheduled');
      return;
    }
    case 'cancelled': {
      const sequence = await raiseSequence(tx, facts.websiteId, bookingId);
      const ics = bookingInvitation(organizer, eventOf(facts, sequence, null), 'cancel', stamp);
      await sendToVisitor(tx, facts, 'booking-cancelled', cancelledMail(facts.site, facts.booking), {
        method: 'cancel',
        ics,
      });
      await sendToStaff(tx, facts, 'cancelled');
      return;
    }
  }
}

/** The reminder mail of a booking (no attachment: the invitation came with the confirmation). */
export async function queueReminder(tx: Tx, bookingId: string, lead: '24h' | '1h'): Promise<void> {
  const facts = await bookingFacts(tx, bookingId);
  if (!facts) return;
  const token = await manageTokenOf(tx, bookingId);
  const manageUrl = token ? bookingManageUrl(facts.site, token) : null;
  await sendToVisitor(
    tx,
    facts,
    'booking-reminder',
    reminderMail(facts.site, facts.booking, lead, manageUrl),
  );
}
