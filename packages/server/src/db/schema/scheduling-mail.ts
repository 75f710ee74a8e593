import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schedulingBookings } from './scheduling';
import { websiteIdColumn } from './site';

/**
 * What a booking's mail needs beyond the booking: the manage link's token, sealed with the
 * server's own key (the booking keeps only its hash; the link goes again in later mails), and
 * the invitation's SEQUENCE, raised at each reschedule and at the cancellation so the
 * visitor's calendar replaces its copy.
 */
export const schedulingBookingMail = pgTable('scheduling_booking_mail', {
  bookingId: text('booking_id')
    .primaryKey()
    .references(() => schedulingBookings.id, { onDelete: 'cascade' }),
  websiteId: websiteIdColumn(),
  manageTokenSealed: text('manage_token_sealed'),
  icsSequence: integer('ics_sequence').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
