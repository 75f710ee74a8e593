import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';

/** One booking as a calendar event: what the invitation and the staff feed say about it. */
export interface BookingEvent {
  /** The booking's id: the event's UID is made from it, so every version of one booking is one event. */
  bookingId: string;
  /** Rises by one at each reschedule (and at the cancellation), so calendars take the newest. */
  sequence: number;
  start: Date;
  end: Date;
  /** The appointment type's name. */
  summary: string;
  /** A place, or null. */
  location?: string | null;
  /** A video link, or null (put in the location when there is no place, and in the text). */
  videoUrl?: string | null;
  /** Where the visitor reschedules or cancels (only in the visitor's own invitation). */
  manageUrl?: string | null;
  /** More lines for the description (the staff member's name, notes). */
  notes?: readonly string[];
  /** The visitor who booked. */
  attendee?: { name?: string | null; email: string } | null;
  status?: 'confirmed' | 'cancelled' | 'tentative';
}

/** The site as the organiser of every booking. */
export interface IcsOrganizer {
  /** The site's title. */
  name: string;
  /** The site's sender address. */
  email: string;
  /** The site's host name: the right-hand side of every UID (`booking-<id>@<host>`). */
  host: string;
}

const PROD_ID = { company: 'Juniper', product: 'Scheduling', language: 'EN' } as const;

/** The UID of a booking's event: the same for every version of it, on every calendar. */
export function bookingUid(bookingId: string, host: string): string {
  return `booking-${bookingId}@${host.replace(/[^a-z0-9.-]/gi, '') || 'localhost'}`;
}

function descriptionOf(event: BookingEvent): string {
  const lines = [...(event.notes ?? [])];
  if (event.videoUrl) lines.push(`Video link: ${event.videoUrl}`);
  if (event.manageUrl) lines.push(`Reschedule or cancel: ${event.manageUrl}`);
  return lines.join('\n');
}

const STATUS = {
  confirmed: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
  tentative: ICalEventStatus.TENTATIVE,
} as const;

function addEvent(
  calendar: ReturnType<typeof ical>,
  organizer: IcsOrganizer,
  event: BookingEvent,
  stamp: Date,
  cancelled: boolean,
): void {
  const location = event.location?.trim() || event.videoUrl || null;
  calendar.createEvent({
    id: bookingUid(event.bookingId, organizer.host),
    sequence: Math.max(0, Math.trunc(event.sequence)),
    stamp,
    // Dates go out in UTC (…Z): every calendar shows them in its reader's own zone.
    start: event.start,
    end: event.end,
    summary: event.summary,
    location,
    description: descriptionOf(event) || null,
    url: event.manageUrl ?? null,
    organizer: { name: organizer.name, email: organizer.email },
    status: cancelled ? ICalEventStatus.CANCELLED : STATUS[event.status ?? 'confirmed'],
    attendees: event.attendee
      ? [
          {
            email: event.attendee.email,
            name: event.attendee.name ?? null,
            role: ICalAttendeeRole.REQ,
            status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
            rsvp: false,
          },
        ]
      : [],
  });
}

/**
 * The invitation attached to a booking's mail (RFC 5546): METHOD:REQUEST for a new or moved
 * booking (the same UID with a higher SEQUENCE replaces the earlier one in the reader's
 * calendar), METHOD:CANCEL with STATUS:CANCELLED when it is cancelled (it is removed).
 */
export function bookingInvitation(
  organizer: IcsOrganizer,
  event: BookingEvent,
  method: 'request' | 'cancel',
  stamp = new Date(),
): string {
  const calendar = ical({
    prodId: PROD_ID,
    method: method === 'cancel' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  addEvent(calendar, organizer, event, stamp, method === 'cancel');
  return calendar.toString();
}

/**
 * A staff member's bookings as a calendar to subscribe to (Google Calendar, Apple Calendar):
 * METHOD:PUBLISH, the calendar's name, and a hint to fetch it again every 15 minutes. A
 * cancelled booking that is still listed says STATUS:CANCELLED.
 */
export function bookingFeed(
  organizer: IcsOrganizer,
  name: string,
  events: readonly BookingEvent[],
  stamp = new Date(),
): string {
  const calendar = ical({
    prodId: PROD_ID,
    method: ICalCalendarMethod.PUBLISH,
    name,
    ttl: 15 * 60,
  });
  for (const event of events) addEvent(calendar, organizer, event, stamp, event.status === 'cancelled');
  return calendar.toString();
}
