import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { schedulingBookings, schedulingTypes } from './scheduling';
import { items, websiteIdColumn } from './site';

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

/**
 * The service product (spec product type 3) a paid appointment type is sold as: one item in
 * the site's hidden "Appointments" store with one unlimited variant at the type's price. The
 * cart line that pays for a booking is this product with the booking's id in its fields.
 */
export const schedulingTypeProducts = pgTable('scheduling_type_products', {
  typeId: text('type_id')
    .primaryKey()
    .references(() => schedulingTypes.id, { onDelete: 'cascade' }),
  websiteId: websiteIdColumn(),
  itemId: text('item_id')
    .notNull()
    .references(() => items.id, { onDelete: 'cascade' }),
  sku: text('sku').notNull(),
});
