import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';
import { websiteIdColumn } from './site';

/**
 * A staff member's calendar feed address (`/calendar/<secret>.ics`, which Google Calendar or
 * Apple Calendar subscribe to). Only the secret's SHA-256 is kept: the address is shown once,
 * when issued. Issuing a new one revokes the old; a revoked address answers 404.
 */
export const staffCalendarFeeds = pgTable(
  'staff_calendar_feeds',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    staffId: text('staff_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_calendar_feeds_secret_idx').on(t.secretHash),
    // At most one live address per staff member.
    uniqueIndex('staff_calendar_feeds_live_idx')
      .on(t.websiteId, t.staffId)
      .where(sql`${t.revokedAt} is null`),
    index('staff_calendar_feeds_staff_idx').on(t.staffId),
  ],
);
