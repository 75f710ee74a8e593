import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { websiteIdColumn } from './site';

/** The owner's Google Places key (sealed, bound to the site): checkout's address suggestions use it. */
export const placesSettings = pgTable('places_settings', {
  websiteId: websiteIdColumn().primaryKey(),
  googleApiKeySealed: text('google_api_key_sealed').notNull(),
  googleApiKeyLast4: text('google_api_key_last4').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
