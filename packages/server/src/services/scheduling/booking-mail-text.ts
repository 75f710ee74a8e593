import { formatMoney } from '@store/commerce';
import { DateTime } from 'luxon';

/**
 * The booking mails as plain text (nothing a visitor typed can run in a text body; the outbox
 * makes the HTML part from it). Each builder takes the same view of the booking, so every
 * mail says the same times, place and price.
 */

export interface MailBooking {
  id: string;
  typeName: string;
  staffName: string;
  start: Date;
  end: Date;
  customerName: string;
  customerEmail: string;
  /** The visitor's own zone: their mails show times in it, labelled. */
  customerTimeZone: string;
  location: string;
  videoUrl: string | null;
  priceMinor: number;
  currency: string;
}

export interface BookingMail {
  subject: string;
  text: string;
  /** The links in the text that give access (the outbox hides them from roles below Admin). */
  secrets: string[];
}

function zoneOr(zone: string, fallback: string): string {
  return DateTime.now().setZone(zone).isValid ? zone : fallback;
}

/** "Monday 8 March 2027, 09:00–09:45 (America/New_York)": the times in one zone, named. */
export function whenText(booking: Pick<MailBooking, 'start' | 'end'>, zone: string): string {
  const z = zoneOr(zone, 'UTC');
  const start = DateTime.fromJSDate(booking.start, { zone: z });
  const end = DateTime.fromJSDate(booking.end, { zone: z });
  const day = start.setLocale('en-GB').toFormat('cccc d LLLL yyyy');
  const endText = end.hasSame(start, 'day')
    ? end.toFormat('HH:mm')
    : end.setLocale('en-GB').toFormat('d LLLL HH:mm');
  return `${day}, ${start.toFormat('HH:mm')}–${endText} (${z})`;
}

function whereLines(booking: MailBooking): string[] {
  return [
    ...(booking.location ? [`Where: ${booking.location}`] : []),
    ...(booking.videoUrl ? [`Video link: ${booking.videoUrl}`] : []),
  ];
}

function priceLines(booking: MailBooking): string[] {
  return booking.priceMinor > 0 ? [`Paid: ${formatMoney(booking.priceMinor, booking.currency)}`] : [];
}

function manageLines(manageUrl: string | null): string[] {
  return manageUrl ? ['', 'To reschedule or cancel, open:', manageUrl] : [];
}

const secretsOf = (manageUrl: string | null) => (manageUrl ? [manageUrl] : []);

/** The visitor's confirmation; the invitation (.ics) goes with it. */
export function confirmationMail(
  site: { siteTitle: string },
  booking: MailBooking,
  manageUrl: string | null,
): BookingMail {
  return {
    subject: `Booking confirmed: ${booking.typeName}, ${whenText(booking, booking.customerTimeZone)}`,
    text: [
      `Hello ${booking.customerName},`,
      '',
      `Your booking with ${site.siteTitle} is confirmed.`,
      '',
      `What: ${booking.typeName} with ${booking.staffName}`,
      `When: ${whenText(booking, booking.customerTimeZone)}`,
      ...whereLines(booking),
      ...priceLines(booking),
      '',
      'The invitation is attached: open it to add the booking to your calendar.',
      ...manageLines(manageUrl),
    ].join('\n'),
    secrets: secretsOf(manageUrl),
  };
}

/** The visitor's notice of a new time; the updated invitation goes with it. */
export function rescheduledMail(
  site: { siteTitle: string },
  booking: MailBooking,
  previous: { start: Date; end: Date },
  manageUrl: string | null,
): BookingMail {
  return {
    subject: `Booking moved: ${booking.typeName}, ${whenText(booking, booking.customerTimeZone)}`,
    text: [
      `Hello ${booking.customerName},`,
      '',
      `Your booking with ${site.siteTitle} has a new time.`,
      '',
      `What: ${booking.typeName} with ${booking.staffName}`,
      `When: ${whenText(booking, booking.customerTimeZone)}`,
      `(was ${whenText(previous, booking.customerTimeZone)})`,
      ...whereLines(booking),
      '',
      'The updated invitation is attached: opening it moves the booking in your calendar.',
      ...manageLines(manageUrl),
    ].join('\n'),
    secrets: secretsOf(manageUrl),
  };
}

/** The visitor's notice of a cancellation; the cancelling invitation goes with it. */
export function cancelledMail(site: { siteTitle: string }, booking: MailBooking): BookingMail {
  return {
    subject: `Booking cancelled: ${booking.typeName}, ${whenText(booking, booking.customerTimeZone)}`,
    text: [
      `Hello ${booking.customerName},`,
      '',
      `Your booking with ${site.siteTitle} is cancelled.`,
      '',
      `What: ${booking.typeName} with ${booking.staffName}`,
      `When: ${whenText(booking, booking.customerTimeZone)}`,
      ...(booking.priceMinor > 0
        ? ['', `If you paid for it, ${site.siteTitle} will tell you about the refund.`]
        : []),
    ].join('\n'),
    secrets: [],
  };
}

/** The visitor's reminder, 24 hours or 1 hour before. */
export function reminderMail(
  site: { siteTitle: string },
  booking: MailBooking,
  lead: '24h' | '1h',
  manageUrl: string | null,
): BookingMail {
  const soon = lead === '24h' ? 'coming up' : 'in an hour';
  return {
    subject: `Reminder: ${booking.typeName} ${soon}, ${whenText(booking, booking.customerTimeZone)}`,
    text: [
      `Hello ${booking.customerName},`,
      '',
      `A reminder of your booking with ${site.siteTitle}.`,
      '',
      `What: ${booking.typeName} with ${booking.staffName}`,
      `When: ${whenText(booking, booking.customerTimeZone)}`,
      ...whereLines(booking),
      ...manageLines(manageUrl),
    ].join('\n'),
    secrets: secretsOf(manageUrl),
  };
}

/** The staff member's notice (booked, moved, cancelled), in the site's time zone; no visitor link. */
export function staffNoticeMail(
  site: { siteTitle: string },
  booking: MailBooking,
  change: 'booked' | 'rescheduled' | 'cancelled',
  siteTimeZone: string,
  studioUrl: string,
): BookingMail {
  const heading = { booked: 'New booking', rescheduled: 'Booking moved', cancelled: 'Booking cancelled' }[
    change
  ];
  return {
    subject: `${heading}: ${booking.typeName}, ${whenText(booking, siteTimeZone)}`,
    text: [
      `${heading} on ${site.siteTitle}.`,
      '',
      `What: ${booking.typeName} with ${booking.staffName}`,
      `When: ${whenText(booking, siteTimeZone)}`,
      `Who: ${booking.customerName} <${booking.customerEmail}>`,
      `Their time zone: ${booking.customerTimeZone}`,
      ...whereLines(booking),
      ...(booking.priceMinor > 0 ? [`Price: ${formatMoney(booking.priceMinor, booking.currency)}`] : []),
      '',
      `See it in the studio: ${studioUrl}`,
    ].join('\n'),
    secrets: [],
  };
}
