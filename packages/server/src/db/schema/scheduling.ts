import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { forms } from './forms';
import { websiteIdColumn } from './site';

/**
 * Scheduling (drizzle/0025_scheduling.sql, which also holds what Drizzle cannot express: the
 * `occupied` tstzrange columns, the exclusion constraint that keeps one staff member's claims
 * from overlapping, and the seat checks). docs/scheduling.md describes the model.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const schedulingStaff = pgTable(
  'scheduling_staff',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    name: text('name').notNull(),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('scheduling_staff_site_id').on(t.websiteId, t.id),
    index('scheduling_staff_site_idx').on(t.websiteId, t.createdAt),
  ],
);

/** Weekly hours as minutes of the day (site time zone); weekday 1 Monday … 7 Sunday. */
export const schedulingWeeklyHours = pgTable(
  'scheduling_weekly_hours',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    staffId: text('staff_id')
      .notNull()
      .references(() => schedulingStaff.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [index('scheduling_weekly_hours_staff_idx').on(t.staffId, t.weekday)],
);

export interface ExceptionInterval {
  start: string;
  end: string;
}

export const schedulingExceptions = pgTable(
  'scheduling_exceptions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    staffId: text('staff_id')
      .notNull()
      .references(() => schedulingStaff.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    closed: boolean('closed').notNull(),
    intervals: jsonb('intervals').$type<ExceptionInterval[]>().notNull().default([]),
    note: text('note').notNull().default(''),
  },
  (t) => [unique('scheduling_exceptions_staff_date').on(t.staffId, t.date)],
);

export const schedulingHolidays = pgTable(
  'scheduling_holidays',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull().default(''),
  },
  (t) => [unique('scheduling_holidays_site_date').on(t.websiteId, t.date)],
);

export const schedulingTypes = pgTable(
  'scheduling_types',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    durationMinutes: integer('duration_minutes').notNull(),
    priceMinor: integer('price_minor').notNull().default(0),
    currency: text('currency').notNull(),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    capacity: integer('capacity').notNull().default(1),
    location: text('location').notNull().default(''),
    videoUrl: text('video_url'),
    intakeFormId: text('intake_form_id').references(() => forms.id, { onDelete: 'set null' }),
    minimumNoticeMinutes: integer('minimum_notice_minutes').notNull().default(0),
    horizonDays: integer('horizon_days').notNull().default(60),
    changeNoticeMinutes: integer('change_notice_minutes').notNull().default(0),
    slotStepMinutes: integer('slot_step_minutes'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAtColumn(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('scheduling_types_site_idx').on(t.websiteId, t.createdAt)],
);

export const schedulingTypeStaff = pgTable(
  'scheduling_type_staff',
  {
    websiteId: websiteIdColumn(),
    typeId: text('type_id')
      .notNull()
      .references(() => schedulingTypes.id, { onDelete: 'cascade' }),
    staffId: text('staff_id')
      .notNull()
      .references(() => schedulingStaff.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'scheduling_type_staff_pk', columns: [t.typeId, t.staffId] }),
    index('scheduling_type_staff_staff_idx').on(t.staffId),
  ],
);

export const CLAIM_KINDS = ['appointment', 'class', 'block'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** Staff time taken (appointment, class session or block); never two active ones overlapping. */
export const schedulingClaims = pgTable('scheduling_claims', {
  id: idColumn(),
  websiteId: websiteIdColumn(),
  staffId: text('staff_id')
    .notNull()
    .references(() => schedulingStaff.id, { onDelete: 'cascade' }),
  kind: text('kind').$type<ClaimKind>().notNull(),
  typeId: text('type_id').references(() => schedulingTypes.id, { onDelete: 'set null' }),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  occupiedStart: ts('occupied_start').notNull(),
  occupiedEnd: ts('occupied_end').notNull(),
  capacity: integer('capacity').notNull().default(1),
  note: text('note').notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdAt: createdAtColumn(),
});

export const SCHEDULING_BOOKING_STATUSES = [
  'pending_payment',
  'confirmed',
  'cancelled',
  'no_show',
  'completed',
] as const;
export type SchedulingBookingStatus = (typeof SCHEDULING_BOOKING_STATUSES)[number];

/** A seat of a claim: a private appointment has one, a class session `capacity`. */
export const schedulingBookings = pgTable('scheduling_bookings', {
  id: idColumn(),
  websiteId: websiteIdColumn(),
  typeId: text('type_id')
    .notNull()
    .references(() => schedulingTypes.id, { onDelete: 'restrict' }),
  staffId: text('staff_id')
    .notNull()
    .references(() => schedulingStaff.id, { onDelete: 'restrict' }),
  claimId: text('claim_id').notNull(),
  seatNo: integer('seat_no').notNull(),
  seatCapacity: integer('seat_capacity').notNull(),
  status: text('status').$type<SchedulingBookingStatus>().notNull(),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  occupiedStart: ts('occupied_start').notNull(),
  occupiedEnd: ts('occupied_end').notNull(),
  customerName: text('customer_name').notNull(),
  customerEmail: text('customer_email').notNull(),
  customerTimeZone: text('customer_time_zone').notNull(),
  intakeAnswers: jsonb('intake_answers').$type<Record<string, unknown>>().notNull().default({}),
  manageTokenHash: text('manage_token_hash').notNull(),
  priceMinor: integer('price_minor').notNull().default(0),
  currency: text('currency').notNull(),
  orderId: text('order_id'),
  holdExpiresAt: ts('hold_expires_at'),
  reminder24hSentAt: ts('reminder_24h_sent_at'),
  reminder1hSentAt: ts('reminder_1h_sent_at'),
  cancelledAt: ts('cancelled_at'),
  createdAt: createdAtColumn(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
