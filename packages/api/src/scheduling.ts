import { z } from 'zod';
import { emailAddress, id, okBody, visitorEmail } from './common';

/**
 * Scheduling: bookable appointment types, the staff who give them, their weekly hours in the
 * site's time zone, and bookings. Owner calls live under /api/studio/scheduling (roles:
 * scheduling viewer reads, scheduling editor changes bookings and blocks, scheduling manages
 * everything), visitor calls under /api/scheduling. Instants travel as ISO 8601 UTC strings;
 * wall-clock hours ("HH:MM") are always in the site's time zone (docs/scheduling.md).
 */

export const SCHEDULING_MESSAGES = {
  slotTaken: 'That time was just taken. Please choose another time.',
  slotUnavailable: 'That time is not available. Please choose another time.',
  tooSoon: 'That time is too soon to book.',
  tooFar: 'That time is too far ahead to book.',
  changeClosed: 'This booking can no longer be changed online. Please contact us.',
  linkInvalid: 'This booking link is not valid.',
  notActive: 'This booking was cancelled or has taken place: it can no longer be changed.',
  hhmm: 'Use a time such as 09:00 (24-hour clock).',
  intervalOrder: 'Each time range must end after it starts.',
  timeZone: 'Use a time zone such as Europe/London or America/New_York.',
  notFound: '{what} was not found.',
  inUse: 'It has bookings: turn it off instead of deleting it.',
  intakeInvalid: 'Please check your answers to the questions.',
  range: 'Choose a range of at most 62 days that ends after it starts.',
} as const;

export const BOOKING_STATUSES = [
  'pending_payment',
  'confirmed',
  'cancelled',
  'no_show',
  'completed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** ISO weekday: 1 Monday … 7 Sunday (as luxon's `weekday`). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const schedulingLimits = {
  name: 120,
  description: 2000,
  location: 500,
  durationMinutes: { min: 5, max: 12 * 60 },
  bufferMinutes: 240,
  capacity: 500,
  noticeMinutes: 365 * 24 * 60,
  horizonDays: 730,
  intervalsPerDay: 12,
  exceptions: 400,
  note: 500,
  intakeAnswers: 100,
  /** Longest range the owner's calendar lists in one call. */
  rangeDays: 62,
} as const;

/** A wall-clock time "HH:MM" (24 h) in the site's time zone; "24:00" ends a day. */
export const hhmm = z
  .string({ message: SCHEDULING_MESSAGES.hhmm })
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, SCHEDULING_MESSAGES.hhmm);

/** An instant: ISO 8601 with an offset or Z; answered in UTC (`…Z`). */
export const instant = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
/** A calendar date "YYYY-MM-DD" (in the site's time zone). */
export const calendarDate = z.iso.date({ message: 'Use a date such as 2026-03-09.' });
/** An IANA time zone name (checked by the server too). */
export const timeZoneName = z.string({ message: SCHEDULING_MESSAGES.timeZone }).min(1).max(64);

export const timeInterval = z
  .object({ start: hhmm, end: hhmm })
  .refine((i) => i.start < i.end, { message: SCHEDULING_MESSAGES.intervalOrder, path: ['end'] });

/** Weekly hours: any number of ranges per weekday (none: closed that day). */
export const weeklyInterval = z
  .object({ weekday: z.number().int().min(1).max(7), start: hhmm, end: hhmm })
  .refine((i) => i.start < i.end, { message: SCHEDULING_MESSAGES.intervalOrder, path: ['end'] });

/** One date's exception: closed all day (no intervals), or these hours instead of the weekly ones. */
export const availabilityException = z.object({
  date: calendarDate,
  closed: z.boolean(),
  intervals: z.array(timeInterval).max(schedulingLimits.intervalsPerDay).default([]),
  note: z.string().trim().max(schedulingLimits.note).default(''),
});

// ---------------------------------------------------------------- appointment types

const money = {
  /** Price in minor units (cents); 0 is free. */
  priceMinor: z.number().int().min(0).max(100_000_000),
  /** ISO 4217; the site's currency when left out. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'Use a three-letter currency code.')
    .optional(),
};

export const appointmentTypeBody = z.object({
  name: z
    .string({ message: 'Name the appointment type.' })
    .trim()
    .min(1, 'Name the appointment type.')
    .max(schedulingLimits.name),
  description: z.string().trim().max(schedulingLimits.description).default(''),
  durationMinutes: z
    .number()
    .int()
    .min(schedulingLimits.durationMinutes.min, 'An appointment lasts at least 5 minutes.')
    .max(schedulingLimits.durationMinutes.max, 'An appointment lasts at most 12 hours.'),
  ...money,
  bufferBeforeMinutes: z.number().int().min(0).max(schedulingLimits.bufferMinutes).default(0),
  bufferAfterMinutes: z.number().int().min(0).max(schedulingLimits.bufferMinutes).default(0),
  /** 1: a private appointment; more: a class with that many seats. */
  capacity: z.number().int().min(1).max(schedulingLimits.capacity).default(1),
  /** Where it happens (an address, "by phone"), shown to the visitor and in the mail. */
  location: z.string().trim().max(schedulingLimits.location).default(''),
  /** A video meeting link instead of (or beside) a place. */
  videoUrl: z.url('Use a full link starting with https://').max(2048).nullable().default(null),
  /** A form of the form builder the visitor fills in when booking. */
  intakeFormId: id.nullable().default(null),
  /** How long before its start a time can still be booked. */
  minimumNoticeMinutes: z.number().int().min(0).max(schedulingLimits.noticeMinutes).default(0),
  /** How many days ahead times can be booked. */
  horizonDays: z.number().int().min(1).max(schedulingLimits.horizonDays).default(60),
  /** Visitors may reschedule or cancel through their link until this long before the start. */
  changeNoticeMinutes: z.number().int().min(0).max(schedulingLimits.noticeMinutes).default(0),
  /** Minutes between offered start times; the duration when null. */
  slotStepMinutes: z.number().int().min(5).max(schedulingLimits.durationMinutes.max).nullable().default(null),
  active: z.boolean().default(true),
  /** Who gives it (at least one for it to be bookable). */
  staffIds: z.array(id).max(100).default([]),
});
export type AppointmentTypeInput = z.input<typeof appointmentTypeBody>;

export const appointmentType = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  bufferBeforeMinutes: z.number().int(),
  bufferAfterMinutes: z.number().int(),
  capacity: z.number().int(),
  location: z.string(),
  videoUrl: z.string().nullable(),
  intakeFormId: z.string().nullable(),
  minimumNoticeMinutes: z.number().int(),
  horizonDays: z.number().int(),
  changeNoticeMinutes: z.number().int(),
  slotStepMinutes: z.number().int().nullable(),
  active: z.boolean(),
  staffIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppointmentType = z.infer<typeof appointmentType>;

// ---------------------------------------------------------------- staff

export const staffBody = z.object({
  name: z.string({ message: 'Enter a name.' }).trim().min(1, 'Enter a name.').max(schedulingLimits.name),
  email: emailAddress('Please enter a valid email').nullable().default(null),
  active: z.boolean().default(true),
  /** Weekly hours in the site's time zone. */
  weekly: z
    .array(weeklyInterval)
    .max(7 * schedulingLimits.intervalsPerDay)
    .default([]),
  /** Dates with other hours or closed (replaces the list). */
  exceptions: z.array(availabilityException).max(schedulingLimits.exceptions).default([]),
});
export type StaffInput = z.input<typeof staffBody>;

export const staffMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  active: z.boolean(),
  weekly: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  exceptions: z.array(
    z.object({
      date: z.string(),
      closed: z.boolean(),
      intervals: z.array(z.object({ start: z.string(), end: z.string() })),
      note: z.string(),
    }),
  ),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

/** A site-wide closed date (every staff member). */
export const holiday = z.object({ id: z.string(), date: z.string(), name: z.string() });
export const holidayBody = z.object({
  date: calendarDate,
  name: z.string().trim().max(schedulingLimits.name).default(''),
});

// ---------------------------------------------------------------- bookings and blocks

export const intakeAnswers = z
  .record(
    z.string().max(64),
    // The form builder's value shapes: text, parts or choices, a likert grid's row → answer.
    z.union([
      z.string().max(10_000),
      z.array(z.string().max(500)).max(200),
      z.record(z.string().max(256), z.string().max(64)),
      z.boolean(),
    ]),
  )
  .refine((r) => Object.keys(r).length <= schedulingLimits.intakeAnswers, 'Too many answers.');

export const booking = z.object({
  id: z.string(),
  typeId: z.string(),
  typeName: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  start: z.string(),
  end: z.string(),
  /** The staff time it takes: start − buffer before … end + buffer after. */
  occupiedStart: z.string(),
  occupiedEnd: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerTimeZone: z.string(),
  intakeAnswers: z.record(z.string(), z.unknown()),
  /** Classes: the seat taken (1 … capacity) and the session; null for private appointments. */
  seatNo: z.number().int().nullable(),
  sessionId: z.string().nullable(),
  priceMinor: z.number().int(),
  currency: z.string(),
  /** The order that paid for it (paid types); refunds go through that order. */
  orderId: z.string().nullable(),
  /** pending_payment: when the held time is let go unless paid. */
  holdExpiresAt: z.string().nullable(),
  location: z.string(),
  videoUrl: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof booking>;

export const timeBlock = z.object({
  id: z.string(),
  staffId: z.string(),
  start: z.string(),
  end: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type TimeBlock = z.infer<typeof timeBlock>;

export const blockBody = z
  .object({
    staffId: id,
    start: instant,
    end: instant,
    note: z.string().trim().max(schedulingLimits.note).default(''),
  })
  .refine((b) => Date.parse(b.start) < Date.parse(b.end), {
    message: 'The block must end after it starts.',
    path: ['end'],
  });

const rangeQuery = z.object({
  from: instant,
  to: instant,
  staffId: id.optional(),
});

/** What a visitor sees of a booking (through the signed link). */
export const publicBooking = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  typeId: z.string(),
  typeName: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  start: z.string(),
  end: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerTimeZone: z.string(),
  priceMinor: z.number().int(),
  currency: z.string(),
  orderId: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  location: z.string(),
  videoUrl: z.string().nullable(),
  /** The site's time zone, for labels. */
  timeZone: z.string(),
  /** May the visitor still reschedule or cancel (the type's change notice, the status)? */
  canChange: z.boolean(),
});
export type PublicBooking = z.infer<typeof publicBooking>;

export const publicAppointmentType = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  durationMinutes: z.number().int(),
  priceMinor: z.number().int(),
  currency: z.string(),
  capacity: z.number().int(),
  location: z.string(),
  /** The video link is sent with the confirmation, not listed: only whether there is one. */
  hasVideo: z.boolean(),
  intakeFormId: z.string().nullable(),
  /** The intake form's questions, as the form island shows them (null: no intake form). */
  intakeForm: z
    .object({ fields: z.array(z.looseObject({ id: z.string(), type: z.string(), title: z.string() })) })
    .nullable(),
  staff: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const freeSlot = z.object({
  /** UTC instant the appointment starts. */
  start: z.string(),
  end: z.string(),
  /** Staff members free at this time (any of them may be booked when none is chosen). */
  staffIds: z.array(z.string()),
  /** Classes: seats still free (the most of any listed staff member); 1 for private times. */
  seatsLeft: z.number().int(),
});

export const bookBody = z.object({
  typeId: id,
  staffId: id.optional(),
  start: instant,
  name: z
    .string({ message: 'Please enter your name.' })
    .trim()
    .min(1, 'Please enter your name.')
    .max(schedulingLimits.name),
  email: visitorEmail,
  /** The visitor's own time zone (for their mail and pages); the site's when left out. */
  timeZone: timeZoneName.optional(),
  intakeAnswers: intakeAnswers.default({}),
});

const manageParams = z.object({ token: z.string().min(16).max(128) });

export const schedulingRoutes = {
  // ------------------------------------------------------------ owner: appointment types
  'GET /api/studio/scheduling/types': {
    summary: 'Scheduling: every appointment type',
    response: z.object({ types: z.array(appointmentType), timeZone: z.string(), currency: z.string() }),
  },
  'POST /api/studio/scheduling/types': {
    summary: 'Scheduling: create an appointment type',
    status: 201,
    body: appointmentTypeBody,
    response: appointmentType,
  },
  'GET /api/studio/scheduling/types/:typeId': {
    summary: 'Scheduling: one appointment type',
    params: z.object({ typeId: id }),
    response: appointmentType,
  },
  'PUT /api/studio/scheduling/types/:typeId': {
    summary: 'Scheduling: change an appointment type (existing bookings keep their times)',
    params: z.object({ typeId: id }),
    body: appointmentTypeBody,
    response: appointmentType,
  },
  'DELETE /api/studio/scheduling/types/:typeId': {
    summary: 'Scheduling: delete an appointment type without bookings (else turn it off)',
    params: z.object({ typeId: id }),
    response: okBody,
  },
  // ------------------------------------------------------------ owner: staff and hours
  'GET /api/studio/scheduling/staff': {
    summary: 'Scheduling: staff members with their weekly hours and exceptions',
    response: z.object({ staff: z.array(staffMember), timeZone: z.string() }),
  },
  'POST /api/studio/scheduling/staff': {
    summary: 'Scheduling: add a staff member',
    status: 201,
    body: staffBody,
    response: staffMember,
  },
  'GET /api/studio/scheduling/staff/:staffId': {
    summary: 'Scheduling: one staff member',
    params: z.object({ staffId: id }),
    response: staffMember,
  },
  'PUT /api/studio/scheduling/staff/:staffId': {
    summary: 'Scheduling: change a staff member, their weekly hours and exceptions',
    params: z.object({ staffId: id }),
    body: staffBody,
    response: staffMember,
  },
  'DELETE /api/studio/scheduling/staff/:staffId': {
    summary: 'Scheduling: remove a staff member without bookings (else turn them off)',
    params: z.object({ staffId: id }),
    response: okBody,
  },
  'GET /api/studio/scheduling/holidays': {
    summary: 'Scheduling: dates closed for everyone',
    response: z.object({ holidays: z.array(holiday) }),
  },
  'POST /api/studio/scheduling/holidays': {
    summary: 'Scheduling: close a date for everyone',
    status: 201,
    body: holidayBody,
    response: holiday,
  },
  'DELETE /api/studio/scheduling/holidays/:holidayId': {
    summary: 'Scheduling: open a closed date again',
    params: z.object({ holidayId: id }),
    response: okBody,
  },
  // ------------------------------------------------------------ owner: calendar and bookings
  'GET /api/studio/scheduling/bookings': {
    summary: 'Scheduling: bookings and blocks overlapping a range (the day and week calendar)',
    querystring: rangeQuery,
    response: z.object({
      timeZone: z.string(),
      bookings: z.array(booking),
      blocks: z.array(timeBlock),
    }),
  },
  'GET /api/studio/scheduling/bookings/:bookingId': {
    summary: 'Scheduling: one booking',
    params: z.object({ bookingId: id }),
    response: booking,
  },
  'POST /api/studio/scheduling/bookings/:bookingId/reschedule': {
    summary: 'Scheduling: move a booking to another start (and staff member); 409 when taken',
    params: z.object({ bookingId: id }),
    body: z.object({ start: instant, staffId: id.optional() }),
    response: booking,
  },
  'POST /api/studio/scheduling/bookings/:bookingId/cancel': {
    summary:
      'Scheduling: cancel a booking and free its time; a paid booking keeps its orderId for the refund',
    params: z.object({ bookingId: id }),
    response: booking,
  },
  'POST /api/studio/scheduling/bookings/:bookingId/no-show': {
    summary: 'Scheduling: mark that the customer did not come (the time stays taken)',
    params: z.object({ bookingId: id }),
    response: booking,
  },
  'POST /api/studio/scheduling/blocks': {
    summary: 'Scheduling: block a staff member’s time by hand; 409 when a booking is there',
    status: 201,
    body: blockBody,
    response: timeBlock,
  },
  'DELETE /api/studio/scheduling/blocks/:blockId': {
    summary: 'Scheduling: remove a block',
    params: z.object({ blockId: id }),
    response: okBody,
  },
  // ------------------------------------------------------------ visitors
  'GET /api/scheduling/types': {
    summary: 'Bookable appointment types, with the site’s time zone',
    response: z.object({ timeZone: z.string(), types: z.array(publicAppointmentType) }),
  },
  'GET /api/scheduling/types/:typeId/availability': {
    summary:
      'Free start times of a type in a month (UTC instants; wall-clock hours are the site’s time zone)',
    params: z.object({ typeId: id }),
    querystring: z.object({
      /** "YYYY-MM", a month of the site's calendar. */
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month such as 2026-03.'),
      staffId: id.optional(),
    }),
    response: z.object({
      timeZone: z.string(),
      typeId: z.string(),
      month: z.string(),
      slots: z.array(freeSlot),
    }),
  },
  'POST /api/scheduling/bookings': {
    summary:
      'Book a time: confirmed when free, pending_payment (held) when the type has a price; 409 SLOT_TAKEN when someone was faster',
    status: 201,
    body: bookBody,
    response: z.object({
      booking: publicBooking,
      /** The secret of the visitor's manage link (shown once; only its hash is stored). */
      manageToken: z.string(),
      /** Path of the manage page/calls: /api/scheduling/manage/<token>. */
      managePath: z.string(),
      /** A price to pay through checkout before the hold expires. */
      paymentRequired: z.boolean(),
    }),
  },
  'GET /api/scheduling/manage/:token': {
    summary: 'A booking by its signed link',
    params: manageParams,
    response: publicBooking,
  },
  'POST /api/scheduling/manage/:token/reschedule': {
    summary: 'Move one’s booking to another free start (within the type’s change notice)',
    params: manageParams,
    body: z.object({ start: instant }),
    response: publicBooking,
  },
  'POST /api/scheduling/manage/:token/cancel': {
    summary: 'Cancel one’s booking (within the type’s change notice)',
    params: manageParams,
    response: publicBooking,
  },
} as const;
